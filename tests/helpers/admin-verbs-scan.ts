// Finds the admin verbs by reading the services' source with the TypeScript compiler (issue 29's
// permission walk): every top-level function of src/server/services/** that calls requireAdmin(ctx,
// permission), directly or through a function of the same file, and the permissions it names.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { filesUnder } from "./server-actions";

export interface AdminVerb {
  /** "file (relative to src/server/services) export". */
  key: string;
  file: string;
  name: string;
  /** The literal permissions of its own requireAdmin calls, in source order. */
  direct: string[];
  /** The literal permissions of the same-file functions it calls that call requireAdmin themselves. */
  viaHelpers: string[];
  params: string[];
}

export interface VerbScan {
  verbs: AdminVerb[];
  /** "file function: argument text" for each requireAdmin call whose permission is not a string literal. */
  nonLiteral: string[];
  /** "file line" for each requireAdmin call outside any top-level function (a method, a top-level statement...). */
  unattributed: string[];
  /** "file function" for a function with a requireAdmin call that no export of its file reaches. */
  unreached: string[];
}

type Fn = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;
const isFn = (n: ts.Node | undefined): n is Fn => !!n && (ts.isFunctionDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n));

export function scanAdminVerbs(servicesDir: string): VerbScan {
  const out: VerbScan = { verbs: [], nonLiteral: [], unattributed: [], unreached: [] };
  for (const file of filesUnder(servicesDir, (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
    const text = readFileSync(file, "utf8");
    if (!text.includes("requireAdmin")) continue;
    const rel = path.relative(servicesDir, file).split(path.sep).join("/");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const fns = new Map<string, Fn>();
    const exported = new Set<string>();
    for (const st of sf.statements) {
      const isExported = ts.canHaveModifiers(st) && (ts.getModifiers(st) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (ts.isFunctionDeclaration(st) && st.name) {
        fns.set(st.name.text, st);
        if (isExported) exported.add(st.name.text);
      } else if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (!ts.isIdentifier(d.name) || !isFn(d.initializer)) continue;
          fns.set(d.name.text, d.initializer);
          if (isExported) exported.add(d.name.text);
        }
      } else if (ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause)) {
        for (const el of st.exportClause.elements) exported.add((el.propertyName ?? el.name).text);
      }
    }
    // Per top-level function: its requireAdmin permissions and the same-file functions it mentions.
    const perms = new Map<string, string[]>();
    const mentions = new Map<string, Set<string>>();
    const attributed = new Set<ts.Node>();
    const checking = new Set<string>(); // functions with a requireAdmin call of their own, literal or not
    for (const [name, fn] of fns) {
      const own: string[] = [];
      const seen = new Set<string>();
      const visit = (n: ts.Node) => {
        if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "requireAdmin") {
          attributed.add(n);
          checking.add(name);
          const arg = n.arguments[1];
          if (arg && ts.isStringLiteralLike(arg)) own.push(arg.text);
          else out.nonLiteral.push(`${rel} ${name}: ${arg?.getText() ?? "(none)"}`);
        }
        if (ts.isIdentifier(n) && n.text !== name && fns.has(n.text)) seen.add(n.text);
        ts.forEachChild(n, visit);
      };
      visit(fn);
      perms.set(name, own);
      mentions.set(name, seen);
    }
    const stray = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "requireAdmin" && !attributed.has(n)) {
        out.unattributed.push(`${rel} line ${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`);
      }
      ts.forEachChild(n, stray);
    };
    stray(sf);
    const reached = new Set<string>();
    for (const name of exported) {
      const fn = fns.get(name);
      if (!fn) continue;
      const helpers: string[] = [];
      const queue = [name];
      const visited = new Set(queue);
      while (queue.length) {
        for (const m of mentions.get(queue.pop()!) ?? []) {
          if (visited.has(m)) continue;
          visited.add(m);
          queue.push(m);
          helpers.push(...perms.get(m)!);
        }
      }
      for (const v of visited) reached.add(v);
      const direct = perms.get(name)!;
      if (![...visited].some((v) => checking.has(v))) continue;
      out.verbs.push({ key: `${rel} ${name}`, file, name, direct, viaHelpers: helpers, params: fn.parameters.map((p) => p.name.getText()) });
    }
    for (const name of checking) if (!reached.has(name)) out.unreached.push(`${rel} ${name}`);
  }
  return out;
}
