/**
 * The events a splicer holds back while the model makes a recall call: kept
 * in the form the client would get them, so that releasing them gives the
 * client exactly the stream it would have had without the proxy's help.
 */
export class EventHold {
  private held: string[] = [];
  /** Whether events are being held. */
  active = false;

  /** Starts holding. */
  start(): void {
    this.active = true;
  }

  /** Holds one event's text; returns the empty string (nothing to send now). */
  add(text: string): string {
    this.held.push(text);
    return "";
  }

  /** Stops holding and returns everything held, in order. */
  release(): string {
    const text = this.held.join("");
    this.drop();
    return text;
  }

  /** Stops holding and forgets what was held (the proxy answered the recall). */
  drop(): void {
    this.held = [];
    this.active = false;
  }
}
