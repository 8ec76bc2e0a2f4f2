import type { Command, Device, QueuedCommand, User } from '@tracklane/domain';
import type { CommandOutcome } from '../commands/device-commands.js';
import { addressedTo, commandProblem } from '../protocols/command-fields.js';
import { commandsOf } from '../protocols/protocol-registry.js';
import type { AppContext } from '../app-context.js';
import { badRequest, notFound } from '../errors.js';
import { sendSms } from '../notifications/sms.notificator.js';

/** What `POST /api/commands/send` receives: a saved command by `id`, or an ad-hoc one. */
export type CommandRequest = Partial<Command> & { deviceId?: number };

/** What sending amounted to: the command itself (200), or what was queued (202; a list for a group). */
export type SendResult = { status: 200; body: Command } | { status: 202; body: QueuedCommand | QueuedCommand[] };

const notConnected = (device: Device) => badRequest(`${device.name} is not connected, and the command asks not to be queued`);

/** Whether the command asks to be dropped rather than queued when its device is not connected. */
const noQueue = (command: Command): boolean => command.attributes.noQueue === true || command.attributes.noQueue === 'true';

/**
 * Sending commands (reference §2.6). Over the data channel, a device connected here gets the
 * command at once, any other gets it queued for its next message (commands/device-commands.ts),
 * each only in a type its protocol takes; the text channel sends `custom` commands' text as an SMS
 * through the configured gateway to the device's phone number.
 */
export const createCommandSendService = (ctx: AppContext) => {
  const { repos, policy, deviceCommands } = ctx;

  /** Saved commands linked to the caller and to the device, its group or any group above it. */
  const savedFor = async (user: User, device: Device): Promise<Command[]> => {
    const owners = [policy.linkedToOwner('deviceId', device.id, 'commandId'), ...(await ctx.processing.catalog.groupsOf(device)).map((group) => policy.linkedToOwner('groupId', group.id, 'commandId'))];
    const linked = new Set((await Promise.all(owners.map((owner) => repos.access.idsOf(owner)))).flat());
    const mine = await repos.commands.list({ restrictions: [policy.linkedIds(user.id, 'commandId')], sortColumn: 'description' });
    return mine.filter((command) => linked.has(command.id));
  };

  /** The command to send: the saved one named by `id` (the request's device kept), else the request itself. */
  const resolve = async (user: User, body: CommandRequest): Promise<Command> => {
    const server = await repos.server.get();
    if (body.id && body.id > 0) {
      const saved = await repos.commands.findById(body.id);
      if (!saved) throw notFound(`No saved command with id ${body.id}`);
      await policy.assertAccess(user, 'commandId', body.id);
      return { ...saved, deviceId: body.deviceId ?? 0 };
    }
    policy.assertAllowed(user, server, 'limitCommands');
    if (!body.type) throw badRequest('type is required');
    return { id: 0, description: body.description ?? body.type, type: body.type, textChannel: body.textChannel ?? false, attributes: body.attributes ?? {}, deviceId: body.deviceId ?? 0 };
  };

  /** The protocol the device speaks: of its connection here, else of its latest position; undefined before it ever reported. */
  const protocolOf = async (device: Device): Promise<string | undefined> =>
    deviceCommands.connectedProtocol(device.id) ?? (device.positionId > 0 ? ((await repos.positions.findByIds([device.positionId]))[0]?.protocol ?? undefined) : undefined);

  /** The command types a protocol's devices take over their connection (custom ones before the device ever reported). */
  const protocolTypes = (protocol: string | undefined): readonly string[] => (protocol === undefined ? ['custom'] : (commandsOf(protocol)?.types ?? []));

  /** The command types the device takes on a channel: by SMS custom ones; over its connection its protocol's. */
  const typesFor = async (device: Device, textChannel: boolean): Promise<readonly string[]> => (textChannel ? ['custom'] : protocolTypes(await protocolOf(device)));

  /** Checks the command can go to the device over its connection and returns the sending. */
  const prepareData = async (command: Command, device: Device): Promise<() => Promise<CommandOutcome>> => {
    const problem = commandProblem(command);
    if (problem) throw badRequest(problem);
    if (command.type === 'videoStart' && !ctx.commandEndpoints.video) throw badRequest('videoStart needs WEB_URL (the address devices reach this server at) and the JT1078 video listener (JT1078_PORT not 0)');
    const protocol = await protocolOf(device);
    if (!protocolTypes(protocol).includes(command.type)) {
      if (protocol === undefined) throw badRequest(`${device.name} has not connected yet, so only custom commands can be queued for it`);
      throw badRequest(`${protocol} devices do not take ${command.type} commands over their connection${command.type === 'custom' ? '; send it by SMS instead' : ''}`);
    }
    const here = deviceCommands.connectedProtocol(device.id) !== undefined;
    // another instance may hold the connection of an online tracker; OsmAnd phones hold none anywhere
    const askOthers = !here && deviceCommands.sharesInstances && device.status === 'online' && protocol !== 'osmand';
    const queue = !noQueue(command);
    if (!queue && !here && !askOthers) throw notConnected(device);
    return async () => {
      const outcome = await deviceCommands.send(device, command, { askOthers, queue });
      if (!outcome.sent && !outcome.queued) throw outcome.notTaken ? badRequest(`${device.name} does not take ${command.type} commands in the form its settings give its protocol`) : notConnected(device);
      return outcome;
    };
  };

  /** Checks the command can reach the device and returns the sending, so a group is checked whole before anything goes out. */
  const prepare = async (command: Command, device: Device): Promise<() => Promise<CommandOutcome>> => {
    if (!command.textChannel) return prepareData(command, device);
    const sms = ctx.config.notifications.sms;
    if (!sms) throw badRequest('No SMS gateway is configured on this server');
    if (command.type !== 'custom') throw badRequest('Only custom commands can be sent by SMS');
    const { data } = addressedTo(command, device.uniqueId).attributes;
    const text = typeof data === 'string' ? data : '';
    if (!text.trim()) throw badRequest('A custom command needs its text in attributes.data');
    const phone = device.phone?.trim();
    if (!phone) throw badRequest(`${device.name} has no phone number`);
    return async () => {
      try {
        await sendSms(sms, phone, text);
      } catch (error) {
        throw badRequest(`The SMS gateway did not take the command for ${device.name} (${error instanceof Error ? error.message : String(error)})`);
      }
      ctx.statistics.smsSent();
      return { sent: true };
    };
  };

  const deviceOf = async (user: User, deviceId: number | undefined): Promise<Device> => {
    if (!deviceId) throw badRequest('deviceId is required');
    const device = await repos.devices.findById(deviceId);
    if (!device) throw notFound(`No device with id ${deviceId}`);
    await policy.assertAccess(user, 'deviceId', deviceId);
    return device;
  };

  return {
    /** Saved commands the device can take, each on its own channel. */
    listFor: async (user: User, deviceId: number): Promise<Command[]> => {
      const device = await deviceOf(user, deviceId);
      const [data, text] = await Promise.all([typesFor(device, false), typesFor(device, true)]);
      return (await savedFor(user, device)).filter((command) => (command.textChannel ? text : data).includes(command.type));
    },
    /** The types the device takes on the channel (`GET /api/commands/types?deviceId=`). */
    typesFor: async (user: User, deviceId: number, textChannel: boolean): Promise<readonly string[]> => typesFor(await deviceOf(user, deviceId), textChannel),
    send: async (user: User, body: CommandRequest, groupId?: number): Promise<SendResult> => {
      const command = await resolve(user, body);
      if (groupId === undefined) {
        const outcome = await (await prepare(command, await deviceOf(user, command.deviceId)))();
        return outcome.queued ? { status: 202, body: outcome.queued } : { status: 200, body: command };
      }
      await policy.assertAccess(user, 'groupId', groupId);
      const devices = await repos.reportData.devices(policy.linkedIds(user.id, 'deviceId'), [], [groupId]);
      if (devices.length === 0) throw badRequest('The group has no device you can reach');
      const sends = [];
      for (const device of devices) sends.push(await prepare(command, device));
      const queued: QueuedCommand[] = [];
      for (const send of sends) {
        const outcome = await send();
        if (outcome.queued) queued.push(outcome.queued);
      }
      return queued.length > 0 ? { status: 202, body: queued } : { status: 200, body: command };
    },
  };
};
