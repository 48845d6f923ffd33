import { MessageFlags, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { DiscordPayload } from './render.ts';

export type Repliable = ChatInputCommandInteraction | ButtonInteraction;

const fields = (p: DiscordPayload) => ({
  ...(p.content ? { content: p.content } : {}),
  embeds: p.embeds,
  components: p.components,
  allowedMentions: p.allowed_mentions,
  ...(p.files?.length ? { files: p.files.map((f) => ({ attachment: Buffer.from(f.data), name: f.name, ...(f.description ? { description: f.description } : {}) })) } : {}),
});

/**
 * Owns one interaction's answer. Discord wants an answer within 3 seconds: work known to be slow
 * defers at once, other work defers if it has not answered after `deferAfterMs`. Then the first part
 * replies (or fills the deferred reply) and further parts are follow-ups. Every answer is ephemeral:
 * what the channel sees leaves through the outbox.
 */
export class Responder {
  private deferring: Promise<unknown> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private answered = false;

  constructor(private readonly i: Repliable) {}

  /** Defers if nothing was sent `ms` from now. */
  deferAfter(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.defer().catch(() => undefined), ms);
  }

  defer(): Promise<unknown> {
    clearTimeout(this.timer);
    this.deferring ??= this.i.deferReply({ flags: MessageFlags.Ephemeral });
    return this.deferring;
  }

  async send(parts: DiscordPayload[]): Promise<void> {
    clearTimeout(this.timer);
    for (const p of parts) {
      if (this.answered) await this.i.followUp({ ...fields(p), flags: MessageFlags.Ephemeral });
      else if (this.deferring) {
        await this.deferring;
        await this.i.editReply(fields(p));
      } else await this.i.reply({ ...fields(p), flags: MessageFlags.Ephemeral });
      this.answered = true;
    }
  }

  /** Stops a pending deferral (the interaction ended without an answer of ours). */
  cancel(): void {
    clearTimeout(this.timer);
  }
}
