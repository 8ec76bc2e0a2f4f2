import type { Command } from '@tracklane/domain';
import { queryOptions } from '@tanstack/react-query';
import { fetchOk, jsonBody, request } from './http';

/** Saved commands linked to the device (or its groups) that it can take. */
export const savedCommandsQuery = (deviceId: number) =>
  queryOptions({ queryKey: ['commands', 'send', deviceId], queryFn: () => request<Command[]>(`/api/commands/send?deviceId=${deviceId}`) });

/** The command types the device's protocol takes over its connection. */
export const commandTypesQuery = (deviceId: number) =>
  queryOptions({ queryKey: ['commands', 'types', deviceId], queryFn: () => request<{ type: string }[]>(`/api/commands/types?deviceId=${deviceId}`) });

/** What the server did with a command: sent over the connection now, or queued for the device's next message. */
export type CommandDelivery = 'sent' | 'queued';

/** Sends a saved command (by `id`) or an ad-hoc one to the device. */
export const sendCommand = async (command: Partial<Command> & { deviceId: number }): Promise<CommandDelivery> => {
  const response = await fetchOk('/api/commands/send', jsonBody('POST', command));
  return response.status === 202 ? 'queued' : 'sent';
};
