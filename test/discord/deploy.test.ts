import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../support/fake-discord.ts';

const run = promisify(execFile);

/** `npm run umpire -- deploy-commands`, as a process, against the fake Discord. */
const deploy = (fake: FakeDiscord, args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'deploy-commands', ...args], {
    timeout: 30_000,
    env: { ...process.env, DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.api, LOG_LEVEL: 'silent', ...env },
  });

describe('deploy-commands', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await FakeDiscord.start();
  });
  afterAll(() => fake?.stop());

  it('PUTs the command JSON built from commands/ to a guild', async () => {
    const { stdout } = await deploy(fake, ['--guild', fake.guildId], { DISCORD_APP_ID: fake.appId });
    expect(stdout).toMatch(new RegExp(`^Registered \\d+ slash commands for application ${fake.appId} in guild ${fake.guildId}\\.`));
    const puts = fake.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.path)).toEqual([`/applications/${fake.appId}/guilds/${fake.guildId}/commands`]);
    await expect(`${JSON.stringify(puts[0]!.body, null, 2)}\n`).toMatchFileSnapshot('__snapshots__/application-commands.json');
  });

  it('registers globally without --guild, asking Discord for the application id when it is not configured', async () => {
    const from = fake.requests.length;
    await deploy(fake, [], { DISCORD_APP_ID: '' });
    expect(fake.requests.slice(from).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['GET /applications/@me 200', `PUT /applications/${fake.appId}/commands 200`]);
  });

  it('--clear removes the commands of a guild (once the global ones are there)', async () => {
    const { stdout } = await deploy(fake, ['--guild', fake.guildId, '--clear'], { DISCORD_APP_ID: fake.appId });
    expect(stdout).toMatch(/^Removed the slash commands/);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/applications/${fake.appId}/guilds/${fake.guildId}/commands`, body: [] });
  });
});
