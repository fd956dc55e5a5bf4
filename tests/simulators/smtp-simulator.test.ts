// The SMTP simulator is what every mail test (and the browser tests) trusts, so it is tested with a
// real client (nodemailer) over a real socket.
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSimulator, type SmtpSimulator } from "../../simulators/smtp/server";

let sim: SmtpSimulator;
beforeAll(async () => {
  sim = await startSmtpSimulator();
});
afterAll(() => sim.close());

const send = (s: SmtpSimulator, mail: nodemailer.SendMailOptions, auth?: { user: string; pass: string }) => {
  const t = nodemailer.createTransport({ host: s.host, port: s.port, secure: false, auth });
  return t.sendMail({ from: '"Relay Board" <sender@example.com>', ...mail }).finally(() => t.close());
};

describe("SMTP simulator: capture and parsing", () => {
  it("captures a multipart/alternative mail with an encoded UTF-8 subject", async () => {
    const since = sim.messages.length;
    await send(sim, { from: '"中继板 Relay" <sender@example.com>', to: "Alice@Example.com", subject: "验证您在 Relayboard 的邮箱 ✓", text: "Hello 世界\nhttps://x.test/a?token=abc", html: "<p>Hello <b>世界</b></p>" });
    const m = await sim.waitForMailTo("alice@example.com", 2000, { since });
    expect(m.subject).toBe("验证您在 Relayboard 的邮箱 ✓");
    expect(m.raw).not.toContain("验证"); // the wire form really was encoded
    expect(m.from).toMatch(/^"?中继板 Relay"? <sender@example.com>$/);
    expect(m.envelopeFrom).toBe("sender@example.com");
    expect(m.text).toBe("Hello 世界\nhttps://x.test/a?token=abc");
    expect(m.html).toBe("<p>Hello <b>世界</b></p>");
    expect(m.headers["content-type"]![0]).toMatch(/^multipart\/alternative/);
  });

  it.each(["quoted-printable", "base64"] as const)("decodes %s text and html parts exactly", async (encoding) => {
    const long = `${"très long ".repeat(40)}= end`;
    const since = sim.messages.length;
    await send(sim, { to: `${encoding}@example.com`, subject: encoding, text: long, html: `<p>${long}</p>`, textEncoding: encoding });
    const m = await sim.waitForMailTo(`${encoding}@example.com`, 2000, { since });
    expect(m.raw).toContain(`Content-Transfer-Encoding: ${encoding}`);
    expect(m.text).toBe(long);
    expect(m.html).toBe(`<p>${long}</p>`);
  });

  it("finds the text parts inside multipart/mixed with an attachment, and lists Bcc only in the envelope", async () => {
    const since = sim.messages.length;
    await send(sim, { to: "to@example.com", bcc: "hidden@example.com", subject: "att", text: "body", html: "<i>body</i>", attachments: [{ filename: "a.txt", content: "attached" }] });
    const m = await sim.waitFor((x) => x.subject === "att", 2000, { since });
    expect(m.text).toBe("body");
    expect(m.html).toBe("<i>body</i>");
    expect(m.attachments).toEqual([{ contentType: "text/plain", filename: "a.txt", size: 8 }]);
    expect(m.to.sort()).toEqual(["hidden@example.com", "to@example.com"]);
    expect(m.headerTo).toEqual(["to@example.com"]);
  });
});

// Hand-written messages (raw over SMTP): the shapes nodemailer does not produce, which the
// simulator's reader (mailparser) must still read the way a mail client would.
const crlf = (s: string) => s.replace(/\r?\n/g, "\r\n");
const sendRaw = (s: SmtpSimulator, to: string, raw: string | Buffer) => {
  const t = nodemailer.createTransport({ host: s.host, port: s.port, secure: false });
  return t.sendMail({ envelope: { from: "raw@example.com", to: [to] }, raw: typeof raw === "string" ? crlf(raw) : raw }).finally(() => t.close());
};
const rawMail = async (to: string, raw: string | Buffer) => {
  const since = sim.messages.length;
  await sendRaw(sim, to, raw);
  return sim.waitForMailTo(to, 2000, { since });
};

describe("SMTP simulator: hand-written MIME", () => {
  it("unfolds headers, joins adjacent encoded words (B and Q) and decodes a Latin-1 name", async () => {
    const m = await rawMail(
      "a@x.test",
      'Subject: =?UTF-8?B?5L2g5aW9?=\n =?UTF-8?Q?_w=C3=B6rld?=\nFrom: =?ISO-8859-1?Q?Ren=E9?= <rene@example.com>\nTo: a@x.test,\n "Doe, John" <John@X.test>\nCc: jane@example.org\n\nbody\n',
    );
    expect(m.subject).toBe("你好 wörld");
    expect(m.from).toMatch(/^"?René"? <rene@example.com>$/);
    expect(m.headerTo).toEqual(["a@x.test", "john@x.test", "jane@example.org"]);
    expect(m.headers.to).toEqual(['a@x.test, "Doe, John" <John@X.test>']);
    expect(m.text).toBe("body\n");
    expect(m.html).toBeUndefined();
  });

  it("decodes a quoted-printable part in its declared charset and drops soft line breaks", async () => {
    const m = await rawMail("qp@x.test", "To: qp@x.test\nSubject: qp\nContent-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\nd=E9j=E0 vu=\n! a=3Db\n");
    expect(m.text).toBe("déjà vu! a=b\n");
  });

  it("keeps 8-bit UTF-8 headers and bodies intact", async () => {
    const m = await rawMail("8bit@x.test", Buffer.from(crlf("To: 8bit@x.test\nSubject: 中文主题\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n中文 ok\n")));
    expect(m.subject).toBe("中文主题");
    expect(m.text).toBe("中文 ok\n");
  });

  it("ignores preamble and epilogue, walks nested multiparts, and accepts a part without headers", async () => {
    const m = await rawMail(
      "nested@x.test",
      [
        "To: nested@x.test",
        "Subject: nested",
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
        'Content-Disposition: attachment; filename="x.pdf"',
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.from("%PDF").toString("base64"),
        "--outer--",
        "epilogue",
        "",
      ].join("\n"),
    );
    expect(m.text).toBe("plain without headers");
    expect(m.html).toBe("<b>html</b>");
    expect(m.attachments).toEqual([{ contentType: "application/pdf", filename: "x.pdf", size: 4 }]);
  });
});

describe("SMTP simulator: waitFor", () => {
  it("waits for a mail that arrives later and ignores earlier ones when given since", async () => {
    await send(sim, { to: "later@example.com", subject: "old", text: "old" });
    const since = sim.messages.length;
    const waiting = sim.waitForMailTo("later@example.com", 3000, { since });
    await send(sim, { to: "other@example.com", subject: "noise", text: "x" });
    await send(sim, { to: "later@example.com", subject: "new", text: "new" });
    expect((await waiting).subject).toBe("new");
  });

  it("treats a throwing predicate as no match and times out with what did arrive", async () => {
    const since = sim.messages.length;
    await send(sim, { to: "seen@example.com", subject: "seen", text: "x" });
    const err = await sim.waitFor((m) => (m.html as string).length > 1e9, 300, { since }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/No matching mail within 300 ms .*seen@example.com: seen/);
  });

  it("rejects pending waiters when it closes", async () => {
    const other = await startSmtpSimulator();
    const waiting = other.waitFor(() => true, 10_000);
    await other.close();
    await expect(waiting).rejects.toThrow(/closed/);
    await expect(other.waitFor(() => true, 10)).rejects.toThrow(/closed/);
  });

  it("clear() forgets captured mail", async () => {
    const other = await startSmtpSimulator();
    await send(other, { to: "a@example.com", subject: "x", text: "x" });
    other.clear();
    expect(other.messages).toHaveLength(0);
    await send(other, { to: "b@example.com", subject: "y", text: "y" });
    expect((await other.waitFor()).to).toEqual(["b@example.com"]);
    await other.close();
  });
});

describe("SMTP simulator: failures and auth", () => {
  it("failNext refuses with the given reply, then accepts again", async () => {
    sim.failNext(1, { code: 451, message: "4.3.0 try later" });
    const before = sim.messages.length;
    await expect(send(sim, { to: "f@example.com", subject: "f", text: "f" })).rejects.toMatchObject({ responseCode: 451 });
    expect(sim.messages.length).toBe(before);
    await send(sim, { to: "f@example.com", subject: "f2", text: "f" });
    expect(sim.messages.at(-1)!.subject).toBe("f2");
  });

  it("with auth: accepts the right credentials, refuses wrong or missing ones", async () => {
    const authSim = await startSmtpSimulator({ auth: { user: "mailer", pass: "s3cret" } });
    try {
      await send(authSim, { to: "x@example.com", subject: "ok", text: "x" }, { user: "mailer", pass: "s3cret" });
      expect(authSim.messages[0]).toMatchObject({ subject: "ok", authUser: "mailer" });
      await expect(send(authSim, { to: "x@example.com", subject: "bad", text: "x" }, { user: "mailer", pass: "nope" })).rejects.toMatchObject({ code: "EAUTH" });
      await expect(send(authSim, { to: "x@example.com", subject: "none", text: "x" })).rejects.toMatchObject({ responseCode: 530 });
      expect(authSim.messages.map((m) => m.subject)).toEqual(["ok"]);
      expect(authSim.authAttempts).toEqual([{ user: "mailer", success: true }, { user: "mailer", success: false }]);
    } finally {
      await authSim.close();
    }
  });
});
