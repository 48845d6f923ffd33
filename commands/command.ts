import { defineCommand, sub } from '../src/app/slash/commands.ts';
import { commandNames, sideNames } from '../src/app/slash/complete.ts';

export default defineCommand({
  name: 'command',
  description: "The wargame's commands: units under one officer, played by one player",
  rank: 40,
  subcommands: {
    add: sub({
      description: 'Add a command to a side (GM)',
      who: 'gm',
      example: '/command add name:"I Corps" side:French officer:"d\'Erlon"',
      options: {
        name: { kind: 'string', description: 'The command name', required: true },
        side: { kind: 'string', description: 'Its side', required: true, complete: sideNames },
        officer: { kind: 'string', description: 'The officer figure commanding it' },
      },
      action: (o) => ({ type: 'AddCommand', name: o.name, side: o.side, officer: o.officer }),
    }),
    assign: sub({
      description: 'Give a command to a player (GM)',
      who: 'gm',
      example: '/command assign command:"I Corps" user:@alice',
      options: {
        command: { kind: 'string', description: 'The command', required: true, complete: commandNames },
        user: { kind: 'user', description: 'The player', required: true },
      },
      action: (o) => ({ type: 'AssignCommand', command: o.command, user: o.user }),
    }),
  },
});
