/** The boolean flag that makes a secret option read its value from stdin: `--password-stdin`. */
export const stdinFlag = (name: string) => `${name}-stdin`;
