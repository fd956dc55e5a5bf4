// The simulator's MIME reader on hand-written messages: the shapes nodemailer does not produce.
import { describe, expect, it } from "vitest";
import { addressesOf, decodeEncodedWords, decodeQuotedPrintable, parseMail } from "../../simulators/smtp/mime";

const crlf = (s: string) => s.replace(/\n/g, "\r\n");

describe("MIME reader", () => {
  it("unfolds headers and joins adjacent encoded words (B and Q)", () => {
    const m = parseMail(crlf("Subject: =?UTF-8?B?5L2g5aW9?=\n =?UTF-8?Q?_w=C3=B6rld?=\nFrom: =?ISO-8859-1?Q?Ren=E9?= <rene@example.com>\nTo: a@x.test,\n \"B\" <B@X.test>\n\nbody\n"));
    expect(m.subject).toBe("你好 wörld");
    expect(m.from).toBe("René <rene@example.com>");
    expect(m.to).toEqual(["a@x.test", "b@x.test"]);
    expect(m.text).toBe("body\n");
  });

  it("decodes a quoted-printable part in its declared charset and keeps soft line breaks out", () => {
    expect(decodeQuotedPrintable("a=3Db=\r\nc").toString()).toBe("a=bc");
    const m = parseMail(Buffer.from(crlf("Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\nd=E9j=E0 vu=\n!\n")));
    expect(m.text).toBe("déjà vu!\n");
  });

  it("keeps 8-bit UTF-8 bodies intact", () => {
    const m = parseMail(Buffer.from(crlf("Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n中文 ok")));
    expect(m.text).toBe("中文 ok");
  });

  it("ignores preamble and epilogue, walks nested multiparts, and accepts a part without headers", () => {
    const raw = crlf(
      [
        'Content-Type: multipart/mixed; boundary="outer"',
        "",
        "preamble text/plain look-alike",
        "--outer",
        'Content-Type: multipart/alternative; boundary="inner"',
        "",
        "--inner",
        "",
        "plain without headers",
        "--inner",
        "Content-Type: text/html; charset=utf-8",
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from("<b>html</b>").toString("base64"),
        "--inner--",
        "--outer",
        'Content-Type: application/pdf; name="x.pdf"',
        "Content-Disposition: attachment; filename=\"x.pdf\"",
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from("%PDF").toString("base64"),
        "--outer--",
        "epilogue",
      ].join("\n"),
    );
    const m = parseMail(raw);
    expect(m.text).toBe("plain without headers");
    expect(m.html).toBe("<b>html</b>");
    expect(m.attachments).toEqual([{ contentType: "application/pdf", filename: "x.pdf", size: 4 }]);
  });

  it("reads bare and bracketed addresses", () => {
    expect(addressesOf('"Doe, John" <John@Example.com>, jane@example.org')).toEqual(["john@example.com", "jane@example.org"]);
    expect(decodeEncodedWords("plain")).toBe("plain");
  });
});
