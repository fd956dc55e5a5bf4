// Reads a captured message with mailparser (the MIME parser nodemailer's authors keep): headers,
// encoded words, transfer encodings, charsets and nested multiparts. This module only maps its
// result to the fields the simulator's tests and the browser tests read.
import { simpleParser, type AddressObject, type EmailAddress } from "mailparser";

export interface ReadMail {
  /** Raw (undecoded) header values by lower-case name, unfolded, in message order. */
  headers: Record<string, string[]>;
  subject: string;
  /** The From header, decoded (`"Relayboard" <no-reply@example.com>`). */
  from: string;
  /** Addresses in the To/Cc headers, lower-cased. */
  to: string[];
  messageId?: string;
  /** The first text/plain part as sent (undefined when there is none: never derived from the HTML). */
  text?: string;
  html?: string;
  attachments: { contentType: string; filename?: string; size: number }[];
}

const flatten = (list: EmailAddress[]): string[] => list.flatMap((a) => (a.group ? flatten(a.group) : a.address ? [a.address.toLowerCase()] : []));
const addressesOf = (v: AddressObject | AddressObject[] | undefined): string[] => (v ? ([] as AddressObject[]).concat(v).flatMap((o) => flatten(o.value)) : []);

export async function readMail(bytes: Buffer): Promise<ReadMail> {
  // Only what was sent is wanted, not mailparser's derived renderings (text from HTML, HTML from text).
  const parsed = await simpleParser(bytes, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const headers: Record<string, string[]> = {};
  for (const { key, line } of parsed.headerLines) {
    const value = line
      .slice(line.indexOf(":") + 1)
      .replace(/\r?\n(?=[ \t])/g, "")
      .trim();
    (headers[key] ??= []).push(value);
  }
  return {
    headers,
    subject: parsed.subject ?? "",
    from: parsed.from?.text ?? "",
    to: [...addressesOf(parsed.to), ...addressesOf(parsed.cc)],
    messageId: parsed.messageId,
    text: parsed.text,
    html: parsed.html === false ? undefined : parsed.html,
    attachments: parsed.attachments.map((a) => ({ contentType: a.contentType, filename: a.filename, size: a.size })),
  };
}
