/**
 * What the platform needs from the shop's features, given to it once at start-up by
 * `app/wiring/platform.server.ts` (the platform imports no feature: lint, issue 43). Until given, each falls
 * back to what the environment says.
 */
export type PlatformPorts = {
  /** The sender of the shop's mail: the store's name and e-mail as the owner saved them. */
  mailSender: () => { name: string; email: string };
  /** Checkouts allowed per client network per hour: the owner's setting. */
  checkoutRatePerHour: () => Promise<number>;
};

let given: Partial<PlatformPorts> = {};

export function givePlatformPorts(ports: PlatformPorts): void {
  given = ports;
}

export function platformPorts(): Partial<PlatformPorts> {
  return given;
}
