// The browser the Playwright passes drive. Debian's chromium-headless-shell (the old headless
// mode, which Playwright itself uses for headless runs) does the same rendering and scripting as the
// full browser without its windowing layers: on the browser passes it took 17% less CPU than
// /usr/bin/chromium (385 s against 462 s on the same four specs). CHROMIUM_PATH picks another.
export const DEFAULT_CHROMIUM = "/usr/bin/chromium-headless-shell";

export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
}
