import { Type, type Static } from 'typebox';

export const ListQuery = Type.Object({
  all: Type.Optional(Type.Boolean()),
  userId: Type.Optional(Type.Integer({ minimum: 1 })),
  deviceId: Type.Optional(Type.Integer({ minimum: 1 })),
  groupId: Type.Optional(Type.Integer({ minimum: 1 })),
  keyword: Type.Optional(Type.String({ maxLength: 256 })),
  limit: Type.Optional(Type.Integer({ minimum: 0 })),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  excludeAttributes: Type.Optional(Type.Boolean()),
  refresh: Type.Optional(Type.Boolean()),
});
export type ListQuery = Static<typeof ListQuery>;

export const withoutAttributes = <T extends object>(items: T[], exclude: boolean | undefined): T[] =>
  exclude ? items.map((item) => ('attributes' in item ? { ...item, attributes: {} } : item)) : items;
