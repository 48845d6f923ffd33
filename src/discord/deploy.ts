import { REST, Routes } from 'discord.js';
import { applicationCommands } from './command-json.ts';

export interface DeployOptions {
  token: string;
  /** The application id; asked of Discord (GET /applications/@me) when not given. */
  appId?: string;
  /** A guild: its commands update at once (for testing). Without it, the commands are global. */
  guild?: string;
  /** Discord's REST base (tests point it at a fake). */
  api?: string;
  /** Removes the commands of that scope instead (e.g. a test guild's, once they are global). */
  clear?: boolean;
}

/**
 * Registers every slash command of `commands/` in one PUT, which replaces the application's
 * commands in that scope: commands removed from `commands/` disappear from Discord too.
 */
export async function deployCommands(o: DeployOptions): Promise<{ appId: string; guild?: string; count: number }> {
  const rest = new REST({ ...(o.api ? { api: o.api } : {}) }).setToken(o.token);
  const appId = o.appId ?? ((await rest.get(Routes.currentApplication())) as { id: string }).id;
  const body = o.clear ? [] : applicationCommands();
  await rest.put(o.guild ? Routes.applicationGuildCommands(appId, o.guild) : Routes.applicationCommands(appId), { body });
  return { appId, count: body.length, ...(o.guild ? { guild: o.guild } : {}) };
}
