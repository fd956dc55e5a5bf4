// The command-line parser (cli/args.ts) on its own: a table of command lines against one declared
// spec, each either parsed to exact options/positionals or refused with our own message. Node's
// util.parseArgs does the tokenizing; these pin down what we kept from the hand-written loop and
// that none of Node's wording reaches the operator.
import { beforeEach, describe, expect, it } from "vitest";
import { parseArgs, UsageError, wantsHelp, type OptionSpec, type ParsedArgs, type PositionalSpec } from "../../cli/args";
import { runCli } from "../../cli/run-cli";
import type { Command } from "../../cli/registry";

const options: Record<string, OptionSpec> = {
  name: { type: "string", description: "a name", required: true },
  q: { type: "string", description: "one-letter long option" },
  tag: { type: "string", description: "repeatable", multiple: true },
  json: { type: "boolean", description: "a flag" },
  password: { type: "string", description: "a secret", required: true, secret: { env: "X_PASSWORD", prompt: "Password: " } },
};
const positionals: PositionalSpec[] = [
  { name: "id", description: "required", required: true },
  { name: "more", description: "the rest", variadic: true },
];
const parse = (argv: string[]) => parseArgs(argv, { options, positionals });

describe("parseArgs: command lines that parse", () => {
  const cases: [string, string[], Partial<ParsedArgs>][] = [
    ["--name value", ["--name", "n", "i1"], { options: { name: "n" }, positionals: { id: "i1", more: [] } }],
    ["--name=value", ["--name=n", "i1"], { options: { name: "n" }, positionals: { id: "i1", more: [] } }],
    ["empty inline value", ["--name=", "i1"], { options: { name: "" }, positionals: { id: "i1", more: [] } }],
    ["inline value starting with dashes", ["--name=--x", "--q=-1", "i1"], { options: { name: "--x", q: "-1" }, positionals: { id: "i1", more: [] } }],
    ["'-' alone as a value", ["--name", "-", "i1"], { options: { name: "-" }, positionals: { id: "i1", more: [] } }],
    ["'-' alone as a positional", ["--name", "n", "-"], { options: { name: "n" }, positionals: { id: "-", more: [] } }],
    ["repeatable option collects in order", ["--name", "n", "--tag", "a", "--tag=b", "i1", "--tag", "c"], { options: { name: "n", tag: ["a", "b", "c"] }, positionals: { id: "i1", more: [] } }],
    ["a flag, given twice, stays true", ["--json", "--name", "n", "--json", "i1"], { options: { json: true, name: "n" }, positionals: { id: "i1", more: [] } }],
    ["-- ends options", ["--name", "n", "--", "--json", "-x", "--"], { options: { name: "n" }, positionals: { id: "--json", more: ["-x", "--"] } }],
    ["variadic takes the rest", ["i1", "a", "--name", "n", "b"], { options: { name: "n" }, positionals: { id: "i1", more: ["a", "b"] } }],
    ["a secret's required is left to secret-options", ["--name", "n", "i1"], { options: { name: "n" }, positionals: { id: "i1", more: [] } }],
  ];
  for (const [title, argv, expected] of cases) {
    it(title, () => {
      expect(parse(argv)).toEqual({ help: false, ...expected });
    });
  }

  it("options is a plain object with only the options given", () => {
    const r = parse(["--name", "n", "i1"]);
    expect(Object.getPrototypeOf(r.options)).toBe(Object.prototype);
    expect(Object.keys(r.options)).toEqual(["name"]);
  });
});

describe("parseArgs: --help / -h wins on a half-typed command line", () => {
  const cases: [string, string[]][] = [
    ["--help alone", ["--help"]],
    ["-h alone", ["-h"]],
    ["with the required option and positional missing", ["--json", "-h"]],
    ["after an option that wants a value", ["--name", "--help"]],
    ["after an unknown option", ["--colour", "-h"]],
    ["before a malformed flag", ["--help", "--json=yes"]],
    ["among too many positionals", ["i1", "a", "b", "--help"]],
  ];
  for (const [title, argv] of cases) {
    it(title, () => {
      expect(parse(argv)).toEqual({ options: {}, positionals: {}, help: true });
    });
  }

  it("is an ordinary argument after --, or inside an inline value", () => {
    expect(wantsHelp(["--", "--help"])).toBe(false);
    expect(wantsHelp(["--name=--help"])).toBe(false);
    expect(parse(["--name", "n", "--", "--help"])).toEqual({ options: { name: "n" }, positionals: { id: "--help", more: [] }, help: false });
  });
});

describe("parseArgs: malformed command lines are UsageErrors in our words", () => {
  const cases: [string, string[], string][] = [
    ["unknown long option", ["--colour", "--name", "n", "i1"], "unknown option '--colour'"],
    ["unknown long option with a value", ["--colour=red", "--name", "n", "i1"], "unknown option '--colour'"],
    ["unknown short option", ["-x", "--name", "n", "i1"], "unknown option '-x'"],
    ["short group, named as typed", ["-abc", "--name", "n", "i1"], "unknown option '-abc'"],
    ["single dash for a one-letter long option", ["-q", "text", "--name", "n", "i1"], "unknown option '-q'"],
    ["inherited property name", ["--constructor", "--name", "n", "i1"], "unknown option '--constructor'"],
    ["negative number as a positional", ["--name", "n", "-1"], "unknown option '-1'"],
    ["missing value at the end", ["i1", "--name"], "option '--name' needs a value"],
    ["next argument is an option", ["--name", "--json", "i1"], "option '--name' needs a value; write --name=<value> for a value that starts with '-'"],
    ["next argument starts with one dash", ["--name", "-n", "i1"], "option '--name' needs a value; write --name=<value> for a value that starts with '-'"],
    ["value given to a flag", ["--json=yes", "--name", "n", "i1"], "option '--json' takes no value"],
    ["value given to a flag, even empty", ["--json=", "--name", "n", "i1"], "option '--json' takes no value"],
    ["non-repeatable option twice", ["--name", "a", "--name=b", "i1"], "option '--name' given more than once"],
    ["missing required option", ["i1"], "missing required option '--name'"],
    ["missing positional", ["--name", "n"], "missing argument <id>"],
    ["first problem in argv order wins", ["--json=1", "--colour"], "option '--json' takes no value"],
  ];
  for (const [title, argv, message] of cases) {
    it(title, () => {
      let thrown: unknown;
      try {
        parse(argv);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(UsageError);
      expect((thrown as Error).message).toBe(message);
    });
  }

  it("an unexpected positional is named", () => {
    expect(() => parseArgs(["--json", "surplus"], { options })).toThrow(new UsageError("unexpected argument 'surplus'"));
    expect(() => parseArgs(["a", "b"], { positionals: [{ name: "one", description: "" }] })).toThrow("unexpected argument 'b'");
  });
});

describe("runCli: parser failures exit 2 with the usage pointer, nothing run", () => {
  let ran = 0;
  beforeEach(() => {
    ran = 0;
  });
  const table: Command[] = [
    {
      path: ["thing", "make"],
      summary: "make a thing",
      json: true,
      positionals: [{ name: "id", description: "thing id", required: true }],
      options: { label: { type: "string", description: "a label" }, tag: { type: "string", description: "tags", multiple: true } },
      run: async (c, a) => {
        ran++;
        c.json({ id: a.positionals.id, ...a.options });
      },
    },
  ];
  async function run(argv: string[]) {
    let stdout = "";
    let stderr = "";
    const code = await runCli(argv, { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s) }, table);
    return { code, stdout, stderr };
  }

  const nodeWording = /positional argument starting|ambiguous|XYZ|To specify|does not take an argument|argument missing|Unknown option/;
  const cases: [string[], string][] = [
    [["thing", "make", "t1", "--colour"], "unknown option '--colour'"],
    [["thing", "make", "t1", "-l", "x"], "unknown option '-l'"],
    [["thing", "make", "t1", "--label"], "option '--label' needs a value"],
    [["thing", "make", "t1", "--label", "--json"], "option '--label' needs a value; write --label=<value> for a value that starts with '-'"],
    [["thing", "make", "t1", "--label", "-x"], "option '--label' needs a value; write --label=<value> for a value that starts with '-'"],
    [["thing", "make", "t1", "--json=true"], "option '--json' takes no value"],
    [["thing", "make", "t1", "--label", "a", "--label", "b"], "option '--label' given more than once"],
    [["thing", "make"], "missing argument <id>"],
    [["thing", "make", "t1", "t2"], "unexpected argument 't2'"],
  ];
  for (const [argv, message] of cases) {
    it(argv.slice(2).join(" ") || "(no arguments)", async () => {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe(`error: ${message}\nRun 'relayboard thing make --help' for usage.\n`);
      expect(r.stderr).not.toMatch(nodeWording);
      expect(ran).toBe(0);
    });
  }

  it("a good command line runs with --json, repeatable options and inline dash values", async () => {
    const r = await run(["thing", "make", "--tag", "a", "--json", "--label=-x", "--tag=b", "--", "-t1"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: "-t1", tag: ["a", "b"], json: true, label: "-x" });
    expect(ran).toBe(1);
  });

  it("--help on a half-typed line prints the generated help and exits 0", async () => {
    const r = await run(["thing", "make", "--label", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^Usage: relayboard thing make <id> \[options\]/);
    expect(r.stdout).toContain("--tag <tag>");
    expect(r.stdout).toContain("(repeatable)");
    expect(r.stdout).toContain("--json");
  });
});
