// The password rule, in a module without argon2 so the browser forms can import it too: the forms'
// hints and checks and the server's validation then cannot disagree.
export const MIN_PASSWORD_LENGTH = 8;
