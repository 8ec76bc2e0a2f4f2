import type { Command, Device, User } from '@tracklane/domain';
import type { AppContext } from '../app-context.js';
import { badRequest, notFound } from '../errors.js';
import { sendSms } from '../notifications/sms.notificator.js';

/** What `POST /api/commands/send` receives: a saved command by `id`, or an ad-hoc one. */
export type CommandRequest = Partial<Command> & { deviceId?: number };

/**
 * Sending commands (reference §2.6). No tracker protocol here has a command encoder yet, so the
 * data channel refuses every command with a message saying so rather than queueing commands that
 * would never leave; the text channel sends `custom` commands' text as an SMS through the
 * configured gateway to the device's phone number.
 */
export const createCommandSendService = (ctx: AppContext) => {
  const { repos, policy } = ctx;

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

  const protocolOf = async (device: Device): Promise<string | undefined> =>
    device.positionId > 0 ? (await repos.positions.findByIds([device.positionId]))[0]?.protocol ?? undefined : undefined;

  /** Checks the command can reach the device and returns the sending, so a group is checked whole before anything goes out. */
  const prepare = async (command: Command, device: Device): Promise<() => Promise<void>> => {
    if (!command.textChannel) {
      const protocol = await protocolOf(device);
      throw badRequest(protocol
        ? `Commands cannot be sent to ${protocol} devices over their connection yet; send a custom command by SMS instead`
        : `${device.name} has not connected yet, so no command can reach it; send a custom command by SMS instead`);
    }
    const sms = ctx.config.notifications.sms;
    if (!sms) throw badRequest('No SMS gateway is configured on this server');
    if (command.type !== 'custom') throw badRequest('Only custom commands can be sent by SMS');
    const text = typeof command.attributes.data === 'string' ? command.attributes.data : '';
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
    /** Saved commands the device can take; only `custom` ones, which the SMS path can carry. */
    listFor: async (user: User, deviceId: number): Promise<Command[]> => {
      const device = await deviceOf(user, deviceId);
      return (await savedFor(user, device)).filter((command) => command.type === 'custom');
    },
    send: async (user: User, body: CommandRequest, groupId?: number): Promise<Command> => {
      const command = await resolve(user, body);
      if (groupId === undefined) {
        await (await prepare(command, await deviceOf(user, command.deviceId)))();
        return command;
      }
      await policy.assertAccess(user, 'groupId', groupId);
      const devices = await repos.reportData.devices(policy.linkedIds(user.id, 'deviceId'), [], [groupId]);
      if (devices.length === 0) throw badRequest('The group has no device you can reach');
      const sends = [];
      for (const device of devices) sends.push(await prepare(command, device));
      for (const send of sends) await send();
      return command;
    },
  };
};
