// A streaming tokenizer for the small SQL subset a dump is written in. It is deliberately narrow:
// standard strings ('' doubles a quote, backslashes are plain characters), double-quoted
// identifiers, bare words, unsigned numbers, ( ) , ; - and comments (`--` to the end of the line,
// nested /* */). Everything PostgreSQL or psql could treat as more than data is refused here with
// its line number: E'' / U&'' / B'' / X'' prefixed strings, dollar quoting, `::` casts, operators,
// and any backslash outside a string (psql meta-commands such as `\!` or `\i`).
// Chunks may split a token anywhere (even a doubled quote), so the state lives between chunks.

/** `error`: the tokenizer stopped here; the parser raises it only when it reaches it, so a refused
 *  statement is reported as itself (`UPDATE`) even when a later character of it is also refused. */
export type TokenKind = "word" | "ident" | "string" | "number" | "punct" | "comment" | "error";
export interface Token { kind: TokenKind; value: string; line: number }

export class DumpSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly near: string,
  ) {
    super(`line ${line}: unexpected ${near}`);
  }
}

type State = "normal" | "word" | "number" | "string" | "stringQuote" | "ident" | "identQuote" | "dash" | "lineComment" | "slash" | "block" | "blockStar" | "blockSlash";

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_\u0080-\uffff]/;
const DIGIT = /[0-9]/;
const NUMBER_PART = /[0-9.eE]/;

/** Shown in an error: a token or character, shortened, with control characters made visible. */
export const shown = (s: string) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

export class SqlTokenizer {
  private state: State = "normal";
  private buf = "";
  private line = 1;
  private startLine = 1;
  private depth = 0;

  private failed = false;

  /** Tokens completed by this chunk (ending with an `error` token where the input went wrong). */
  push(chunk: string): Token[] {
    const out: Token[] = [];
    if (this.failed) return out;
    try {
      for (let i = 0; i < chunk.length; i++) {
        const ch = chunk[i]!;
        this.step(ch, out);
        if (ch === "\n") this.line++;
      }
    } catch (err) {
      if (!(err instanceof DumpSyntaxError)) throw err;
      this.failed = true;
      out.push({ kind: "error", value: err.near, line: err.line });
    }
    return out;
  }

  /** Ends the input: a token cut off by the end of the file is an error. */
  end(): Token[] {
    if (this.failed) return [];
    try {
      return this.finish();
    } catch (err) {
      if (!(err instanceof DumpSyntaxError)) throw err;
      this.failed = true;
      return [{ kind: "error", value: err.near, line: err.line }];
    }
  }

  private finish(): Token[] {
    const out: Token[] = [];
    switch (this.state) {
      case "word":
      case "number":
        this.emitBuffered(out);
        break;
      case "stringQuote":
        out.push({ kind: "string", value: this.buf, line: this.startLine });
        break;
      case "identQuote":
        out.push({ kind: "ident", value: this.buf, line: this.startLine });
        break;
      case "dash":
        out.push({ kind: "punct", value: "-", line: this.line });
        break;
      case "normal":
      case "lineComment":
        break;
      case "slash":
        throw new DumpSyntaxError(this.line, shown("/"));
      default:
        throw new DumpSyntaxError(this.startLine, this.state === "string" || this.state === "ident" ? "end of file inside a quoted text" : "end of file inside a comment");
    }
    this.state = "normal";
    return out;
  }

  private emitBuffered(out: Token[]) {
    out.push({ kind: this.state === "word" ? "word" : "number", value: this.buf, line: this.startLine });
    this.buf = "";
    this.state = "normal";
  }

  private step(ch: string, out: Token[]): void {
    switch (this.state) {
      case "word":
        if (WORD_PART.test(ch)) {
          this.buf += ch;
          return;
        }
        // A quote glued to a word is a prefixed literal (E'..', U&'..', B'..', X'..', N'..') or
        // a quoted name glued to one: never something a dump contains.
        if (ch === "'" || ch === '"' || ch === "&" || ch === "$") throw new DumpSyntaxError(this.line, shown(this.buf + ch));
        this.emitBuffered(out);
        return this.step(ch, out);
      case "number":
        if (NUMBER_PART.test(ch)) {
          this.buf += ch;
          return;
        }
        if ((ch === "-" || ch === "+") && /[eE]$/.test(this.buf)) {
          this.buf += ch;
          return;
        }
        if (!/^(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(this.buf) || WORD_START.test(ch)) throw new DumpSyntaxError(this.line, shown(this.buf + ch));
        this.emitBuffered(out);
        return this.step(ch, out);
      case "string":
        if (ch === "'") this.state = "stringQuote";
        else this.buf += ch;
        return;
      case "stringQuote":
        if (ch === "'") {
          this.buf += "'";
          this.state = "string";
          return;
        }
        out.push({ kind: "string", value: this.buf, line: this.startLine });
        this.buf = "";
        this.state = "normal";
        return this.step(ch, out);
      case "ident":
        if (ch === '"') this.state = "identQuote";
        else this.buf += ch;
        return;
      case "identQuote":
        if (ch === '"') {
          this.buf += '"';
          this.state = "ident";
          return;
        }
        out.push({ kind: "ident", value: this.buf, line: this.startLine });
        this.buf = "";
        this.state = "normal";
        return this.step(ch, out);
      case "dash":
        if (ch === "-") {
          this.state = "lineComment";
          this.buf = "--";
          this.startLine = this.line;
          return;
        }
        out.push({ kind: "punct", value: "-", line: this.line });
        this.state = "normal";
        return this.step(ch, out);
      case "lineComment":
        if (ch === "\n") {
          out.push({ kind: "comment", value: this.buf, line: this.startLine });
          this.buf = "";
          this.state = "normal";
        } else this.buf += ch;
        return;
      case "slash":
        if (ch !== "*") throw new DumpSyntaxError(this.line, shown(`/${ch}`));
        this.state = "block";
        this.depth = 1;
        return;
      case "block":
        if (ch === "*") this.state = "blockStar";
        else if (ch === "/") this.state = "blockSlash";
        return;
      case "blockStar":
        if (ch === "/") {
          this.depth--;
          this.state = this.depth === 0 ? "normal" : "block";
        } else if (ch !== "*") this.state = "block";
        return;
      case "blockSlash":
        if (ch === "*") this.depth++;
        this.state = ch === "/" ? "blockSlash" : "block";
        return;
      case "normal":
        break;
    }
    // normal
    if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r") return;
    this.startLine = this.line;
    if (ch === "'") {
      this.state = "string";
      this.buf = "";
    } else if (ch === '"') {
      this.state = "ident";
      this.buf = "";
    } else if (ch === "-") {
      this.state = "dash";
    } else if (ch === "/") {
      this.state = "slash";
    } else if (ch === "(" || ch === ")" || ch === "," || ch === ";") {
      out.push({ kind: "punct", value: ch, line: this.line });
    } else if (DIGIT.test(ch) || ch === ".") {
      this.state = "number";
      this.buf = ch;
    } else if (WORD_START.test(ch)) {
      this.state = "word";
      this.buf = ch;
    } else if (ch === "\\") {
      throw new DumpSyntaxError(this.line, "a psql meta-command (\\)");
    } else if (ch === "$") {
      throw new DumpSyntaxError(this.line, "dollar quoting or a parameter ($)");
    } else {
      throw new DumpSyntaxError(this.line, shown(ch));
    }
  }
}
