import type { InvokeContext, SubcommandDef } from './commands.ts';
import { mayUse } from './invoke.ts';
import { commands } from './registry.ts';

/** The subcommands the user may use now, in this channel, with one example each. */
export function helpText(ctx: InvokeContext): string {
  const lines: string[] = [];
  for (const c of commands()) {
    for (const [name, shared] of Object.entries(c.subcommands) as [string, SubcommandDef][]) {
      const s = (ctx.state && shared.variants?.[ctx.state.system]) || shared;
      if (s.needsBattle !== false && !ctx.state) continue;
      if (s.needsBattle === false && name === 'create' && ctx.state) continue;
      if (ctx.state && shared.systems && !shared.systems.includes(ctx.state.system)) continue;
      if (mayUse(s.who, ctx.state, ctx.actor) !== true) continue;
      lines.push(`/${c.name}${name ? ` ${name}` : ''} — ${s.description}\n    e.g. ${s.example}`);
    }
  }
  if (!ctx.state) lines.push('', 'There is no battle in this channel yet: start one with /battle create.');
  return lines.join('\n');
}
