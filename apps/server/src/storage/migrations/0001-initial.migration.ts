import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import { isSqlite } from './migration-dialect.js';

// Frozen copy of the model at version 1; later changes go into new migrations.
type Builder = CreateTableBuilder<string, string>;
type Db = Kysely<unknown>;

const LINKS: Record<string, string[]> = {
  userId: ['deviceId', 'groupId', 'geofenceId', 'notificationId', 'calendarId', 'attributeId', 'driverId', 'commandId', 'maintenanceId', 'orderId', 'reportId', 'managedUserId'],
  deviceId: ['geofenceId', 'notificationId', 'attributeId', 'driverId', 'commandId', 'maintenanceId', 'orderId', 'reportId', 'linkedDeviceId'],
  groupId: ['geofenceId', 'notificationId', 'attributeId', 'driverId', 'commandId', 'maintenanceId', 'orderId', 'reportId'],
};
const KEY_TABLES: Record<string, string> = {
  userId: 'users', deviceId: 'devices', groupId: 'groups', geofenceId: 'geofences', notificationId: 'notifications',
  calendarId: 'calendars', attributeId: 'computed_attributes', driverId: 'drivers', commandId: 'commands',
  maintenanceId: 'maintenances', orderId: 'orders', reportId: 'reports', managedUserId: 'users', linkedDeviceId: 'devices',
};
const snake = (key: string) => key.replace(/Id$/, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const withId = (db: Db, table: Builder): Builder =>
  isSqlite(db)
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity());

const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const zero = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
const attributes = (table: Builder) => table.addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'));
const ref = (table: Builder, column: string, target: string, onDelete: 'set null' | 'cascade') =>
  table.addColumn(column, 'bigint', (c) => c.references(`${target}.id`).onDelete(onDelete));

const createEntity = async (db: Db, name: string, define: (table: Builder) => Builder) => {
  await define(attributes(withId(db, db.schema.createTable(name)))).execute();
};

const createServer = (db: Db) =>
  attributes(db.schema.createTable('server').addColumn('id', 'bigint', (c) => c.primaryKey()))
    .addColumn('registration', 'smallint', flag)
    .addColumn('readonly', 'smallint', flag)
    .addColumn('deviceReadonly', 'smallint', flag)
    .addColumn('limitCommands', 'smallint', flag)
    .addColumn('disableReports', 'smallint', flag)
    .addColumn('fixedEmail', 'smallint', flag)
    .addColumn('map', 'varchar(128)')
    .addColumn('bingKey', 'varchar(128)')
    .addColumn('mapUrl', 'varchar(512)')
    .addColumn('overlayUrl', 'varchar(512)')
    .addColumn('poiLayer', 'varchar(512)')
    .addColumn('latitude', 'double precision', zero)
    .addColumn('longitude', 'double precision', zero)
    .addColumn('zoom', 'integer', zero)
    .addColumn('forceSettings', 'smallint', flag)
    .addColumn('coordinateFormat', 'varchar(128)')
    .addColumn('announcement', 'varchar(4000)')
    .execute();

const createUsers = (db: Db) =>
  createEntity(db, 'users', (t) =>
    t
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('login', 'varchar(128)')
      .addColumn('email', 'varchar(128)', (c) => c.notNull())
      .addColumn('phone', 'varchar(128)')
      .addColumn('readonly', 'smallint', flag)
      .addColumn('administrator', 'smallint', flag)
      .addColumn('map', 'varchar(128)')
      .addColumn('latitude', 'double precision', zero)
      .addColumn('longitude', 'double precision', zero)
      .addColumn('zoom', 'integer', zero)
      .addColumn('hashedPassword', 'varchar(256)')
      .addColumn('coordinateFormat', 'varchar(128)')
      .addColumn('disabled', 'smallint', flag)
      .addColumn('expirationTime', 'bigint')
      .addColumn('deviceLimit', 'integer', (c) => c.notNull().defaultTo(-1))
      .addColumn('userLimit', 'integer', zero)
      .addColumn('deviceReadonly', 'smallint', flag)
      .addColumn('limitCommands', 'smallint', flag)
      .addColumn('disableReports', 'smallint', flag)
      .addColumn('fixedEmail', 'smallint', flag)
      .addColumn('poiLayer', 'varchar(512)')
      .addColumn('totpKey', 'varchar(64)')
      .addColumn('temporary', 'smallint', flag),
  );

const createGroupsAndCalendars = async (db: Db) => {
  await createEntity(db, 'calendars', (t) =>
    t.addColumn('name', 'varchar(128)', (c) => c.notNull()).addColumn('data', 'text', (c) => c.notNull()),
  );
  await createEntity(db, 'groups', (t) =>
    ref(t.addColumn('name', 'varchar(128)', (c) => c.notNull()), 'groupId', 'groups', 'set null'),
  );
};

const createDevices = (db: Db) =>
  createEntity(db, 'devices', (t) =>
    ref(ref(t, 'groupId', 'groups', 'set null'), 'calendarId', 'calendars', 'set null')
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('uniqueId', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('status', 'varchar(16)')
      .addColumn('lastUpdate', 'bigint')
      .addColumn('positionId', 'bigint')
      .addColumn('phone', 'varchar(128)')
      .addColumn('model', 'varchar(128)')
      .addColumn('contact', 'varchar(512)')
      .addColumn('category', 'varchar(128)')
      .addColumn('disabled', 'smallint', flag)
      .addColumn('expirationTime', 'bigint'),
  );

// Positions and events outlive their device, as in Traccar: no foreign key on deviceId.
const createPositionsAndEvents = async (db: Db) => {
  await createEntity(db, 'positions', (t) =>
    t
      .addColumn('deviceId', 'bigint', (c) => c.notNull())
      .addColumn('protocol', 'varchar(128)')
      .addColumn('serverTime', 'bigint', (c) => c.notNull())
      .addColumn('deviceTime', 'bigint', (c) => c.notNull())
      .addColumn('fixTime', 'bigint', (c) => c.notNull())
      .addColumn('valid', 'smallint', flag)
      .addColumn('latitude', 'double precision', zero)
      .addColumn('longitude', 'double precision', zero)
      .addColumn('altitude', 'double precision', zero)
      .addColumn('speed', 'double precision', zero)
      .addColumn('course', 'double precision', zero)
      .addColumn('address', 'varchar(512)')
      .addColumn('accuracy', 'double precision', zero)
      .addColumn('network', 'text')
      .addColumn('geofenceIds', 'varchar(1024)'),
  );
  await db.schema.createIndex('positions_device_fixtime').on('positions').columns(['deviceId', 'fixTime']).execute();
  await createEntity(db, 'events', (t) =>
    t
      .addColumn('type', 'varchar(128)', (c) => c.notNull())
      .addColumn('eventTime', 'bigint', (c) => c.notNull())
      .addColumn('deviceId', 'bigint', (c) => c.notNull())
      .addColumn('positionId', 'bigint')
      .addColumn('geofenceId', 'bigint')
      .addColumn('maintenanceId', 'bigint'),
  );
  await db.schema.createIndex('events_device_eventtime').on('events').columns(['deviceId', 'eventTime']).execute();
};

const createCatalogue = async (db: Db) => {
  await createEntity(db, 'geofences', (t) =>
    ref(t, 'calendarId', 'calendars', 'set null')
      .addColumn('name', 'varchar(128)', (c) => c.notNull())
      .addColumn('description', 'varchar(128)')
      .addColumn('area', 'varchar(4096)', (c) => c.notNull()),
  );
  await createEntity(db, 'commands', (t) =>
    t
      .addColumn('type', 'varchar(128)', (c) => c.notNull())
      .addColumn('textChannel', 'smallint', flag)
      .addColumn('description', 'varchar(4000)', (c) => c.notNull()),
  );
  await createEntity(db, 'notifications', (t) =>
    ref(ref(t, 'calendarId', 'calendars', 'set null'), 'commandId', 'commands', 'cascade')
      .addColumn('always', 'smallint', flag)
      .addColumn('type', 'varchar(128)', (c) => c.notNull())
      .addColumn('notificators', 'varchar(128)')
      .addColumn('description', 'varchar(4000)'),
  );
  await createEntity(db, 'drivers', (t) =>
    t.addColumn('name', 'varchar(128)', (c) => c.notNull()).addColumn('uniqueId', 'varchar(128)', (c) => c.notNull().unique()),
  );
  await withId(db, db.schema.createTable('computed_attributes'))
    .addColumn('description', 'varchar(4000)', (c) => c.notNull())
    .addColumn('attribute', 'varchar(128)', (c) => c.notNull())
    .addColumn('expression', 'varchar(4000)', (c) => c.notNull())
    .addColumn('type', 'varchar(128)', (c) => c.notNull())
    .addColumn('priority', 'integer', zero)
    .execute();
  await createEntity(db, 'maintenances', (t) =>
    t
      .addColumn('name', 'varchar(4000)', (c) => c.notNull())
      .addColumn('type', 'varchar(128)', (c) => c.notNull())
      .addColumn('start', 'double precision', zero)
      .addColumn('period', 'double precision', zero),
  );
  await createEntity(db, 'orders', (t) =>
    t
      .addColumn('uniqueId', 'varchar(128)', (c) => c.notNull())
      .addColumn('description', 'varchar(512)')
      .addColumn('fromAddress', 'varchar(512)')
      .addColumn('toAddress', 'varchar(512)'),
  );
  await createEntity(db, 'reports', (t) =>
    t
      .addColumn('calendarId', 'bigint', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
      .addColumn('type', 'varchar(32)', (c) => c.notNull())
      .addColumn('description', 'varchar(4000)', (c) => c.notNull()),
  );
  await createEntity(db, 'queued_commands', (t) =>
    t
      .addColumn('deviceId', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('type', 'varchar(128)', (c) => c.notNull())
      .addColumn('textChannel', 'smallint', flag),
  );
};

const createStatisticsAndSessions = async (db: Db) => {
  await createEntity(db, 'statistics', (t) =>
    t
      .addColumn('captureTime', 'bigint', (c) => c.notNull())
      .addColumn('activeUsers', 'integer', zero)
      .addColumn('activeDevices', 'integer', zero)
      .addColumn('requests', 'integer', zero)
      .addColumn('messagesReceived', 'integer', zero)
      .addColumn('messagesStored', 'integer', zero)
      .addColumn('mailSent', 'integer', zero)
      .addColumn('smsSent', 'integer', zero)
      .addColumn('geocoderRequests', 'integer', zero)
      .addColumn('geolocationRequests', 'integer', zero)
      .addColumn('protocols', 'text'),
  );
  await db.schema.createIndex('statistics_capturetime').on('statistics').column('captureTime').execute();
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('userId', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('origin', 'varchar(512)')
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('expiresAt', 'bigint')
    .execute();
  await db.schema
    .createTable('tokens')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('userId', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', 'bigint', (c) => c.notNull())
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .execute();
};

const createLinks = async (db: Db) => {
  for (const [owner, properties] of Object.entries(LINKS)) {
    for (const property of properties) {
      const table = `${snake(owner)}_${snake(property)}`;
      await db.schema
        .createTable(table)
        .addColumn(owner, 'bigint', (c) => c.notNull().references(`${KEY_TABLES[owner]}.id`).onDelete('cascade'))
        .addColumn(property, 'bigint', (c) => c.notNull().references(`${KEY_TABLES[property]}.id`).onDelete('cascade'))
        .execute();
      await db.schema.createIndex(`${table}_owner`).on(table).columns([owner, property]).execute();
      await db.schema.createIndex(`${table}_property`).on(table).column(property).execute();
    }
  }
};

export const up = async (db: Db): Promise<void> => {
  await createServer(db);
  await sql`insert into server (id) values (1)`.execute(db);
  await createUsers(db);
  await db.schema.createIndex('users_email_lower').unique().on('users').expression(sql`lower(email)`).execute();
  await createGroupsAndCalendars(db);
  await createDevices(db);
  await createPositionsAndEvents(db);
  await createCatalogue(db);
  await createStatisticsAndSessions(db);
  await createLinks(db);
};
