import { type Dec, dec, decAdd, decCmp, decDiv, decMax, decMin, decMul, decPlain, decRound, decSub } from './decimal';

/**
 * The 公式 price language (domain/fees.md "Formulas"): numbers; the variables area, inner, coef, floor, usage, price;
 * + − * / ( ); min, max, round, if (with comparisons in the condition). It is parsed to an AST — never evaluated as
 * code — and the AST is evaluated here in exact decimal (试算) or compiled to parameterised SQL by the server.
 */

export const FORMULA_VARIABLES = ['area', 'inner', 'coef', 'floor', 'usage', 'price'] as const;
export type FormulaVariable = (typeof FORMULA_VARIABLES)[number];
export const FORMULA_FUNCTIONS = ['min', 'max', 'round', 'if'] as const;
export type FormulaFunction = (typeof FORMULA_FUNCTIONS)[number];
export type CompareOp = '>' | '<' | '>=' | '<=' | '==' | '!=';

export type FormulaNode =
  | { kind: 'num'; value: string }
  | { kind: 'var'; name: FormulaVariable }
  | { kind: 'neg'; arg: FormulaNode }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode }
  | { kind: 'cmp'; op: CompareOp; left: FormulaNode; right: FormulaNode }
  | { kind: 'call'; fn: FormulaFunction; args: FormulaNode[] };

export const FORMULA_VARIABLE_LABELS: Record<FormulaVariable, string> = {
  area: '建筑面积',
  inner: '套内面积',
  coef: '收费系数',
  floor: '楼层',
  usage: '用量',
  price: '单价',
};

export class FormulaError extends Error {}

const formatError = (pos: number) => new FormulaError(`公式格式错误：第${pos}个字符`);

interface Token {
  type: 'num' | 'id' | 'op' | '(' | ')' | ',' | 'end';
  text: string;
  /** 1-based character position, as the message counts. */
  pos: number;
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    const rest = src.slice(i);
    const num = /^(\d+(\.\d+)?|\.\d+)/.exec(rest);
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    const op = /^(>=|<=|==|!=|[-+*/<>])/.exec(rest);
    if (num) {
      // '1.2.3' or '12abc' is malformed at the character after the number.
      const after = src[i + num[0].length];
      if (after !== undefined && /[.\dA-Za-z_]/.test(after)) throw formatError(i + num[0].length + 1);
      tokens.push({ type: 'num', text: num[0], pos: i + 1 });
      i += num[0].length;
    } else if (id) {
      tokens.push({ type: 'id', text: id[0], pos: i + 1 });
      i += id[0].length;
    } else if (op) {
      tokens.push({ type: 'op', text: op[0], pos: i + 1 });
      i += op[0].length;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ type: c, text: c, pos: i + 1 });
      i += 1;
    } else {
      throw formatError(i + 1);
    }
  }
  tokens.push({ type: 'end', text: '', pos: src.length + 1 });
  return tokens;
}

const MAX_FORMULA = 200;

/** Parses a formula; throws FormulaError with the domain file's messages. */
export function parseFormula(src: string): FormulaNode {
  if (!src.trim()) throw new FormulaError('请输入计费公式');
  if (src.length > MAX_FORMULA) throw new FormulaError(`计费公式不能超过${MAX_FORMULA}个字符`);
  const tokens = tokenize(src);
  let at = 0;
  const peek = () => tokens[at]!;
  const next = () => tokens[at++]!;
  const expect = (type: Token['type']) => {
    const t = next();
    if (t.type !== type) throw formatError(t.pos);
    return t;
  };

  function comparison(): FormulaNode {
    const left = additive();
    const t = peek();
    if (t.type === 'op' && ['>', '<', '>=', '<=', '==', '!='].includes(t.text)) {
      next();
      return { kind: 'cmp', op: t.text as CompareOp, left, right: additive() };
    }
    return left;
  }
  function additive(): FormulaNode {
    let left = term();
    while (peek().type === 'op' && (peek().text === '+' || peek().text === '-')) {
      const op = next().text as '+' | '-';
      left = { kind: 'bin', op, left, right: term() };
    }
    return left;
  }
  function term(): FormulaNode {
    let left = unary();
    while (peek().type === 'op' && (peek().text === '*' || peek().text === '/')) {
      const op = next().text as '*' | '/';
      left = { kind: 'bin', op, left, right: unary() };
    }
    return left;
  }
  function unary(): FormulaNode {
    if (peek().type === 'op' && peek().text === '-') {
      next();
      return { kind: 'neg', arg: unary() };
    }
    return primary();
  }
  function primary(): FormulaNode {
    const t = next();
    if (t.type === 'num') return { kind: 'num', value: t.text };
    if (t.type === '(') {
      const inner = comparison();
      expect(')');
      return inner;
    }
    if (t.type === 'id') {
      const name = t.text.toLowerCase();
      if (peek().type === '(') {
        if (!(FORMULA_FUNCTIONS as readonly string[]).includes(name))
          throw new FormulaError(`公式中存在未知函数：${t.text}`);
        next();
        const args: FormulaNode[] = [];
        if (peek().type !== ')') {
          args.push(comparison());
          while (peek().type === ',') {
            next();
            args.push(comparison());
          }
        }
        const close = expect(')');
        checkArity(name as FormulaFunction, args.length, close.pos);
        // round's places are a literal, so the compiled SQL and the decimal evaluation agree.
        if (name === 'round' && args[1] && args[1].kind !== 'num') throw formatError(close.pos);
        return { kind: 'call', fn: name as FormulaFunction, args };
      }
      if (!(FORMULA_VARIABLES as readonly string[]).includes(name))
        throw new FormulaError(`公式中存在未知变量：${t.text}`);
      return { kind: 'var', name: name as FormulaVariable };
    }
    throw formatError(t.pos);
  }

  const root = comparison();
  if (peek().type !== 'end') throw formatError(peek().pos);
  if (root.kind === 'cmp') throw formatError(1);
  return root;
}

function checkArity(fn: FormulaFunction, n: number, pos: number) {
  const ok = fn === 'if' ? n === 3 : fn === 'round' ? n === 1 || n === 2 : n >= 2;
  if (!ok) throw formatError(pos);
}

/** The variables a formula reads (a 公式 standard on usage needs readings). */
export function formulaVariables(node: FormulaNode): Set<FormulaVariable> {
  const found = new Set<FormulaVariable>();
  const walk = (n: FormulaNode) => {
    if (n.kind === 'var') found.add(n.name);
    else if (n.kind === 'neg') walk(n.arg);
    else if (n.kind === 'bin' || n.kind === 'cmp') {
      walk(n.left);
      walk(n.right);
    } else if (n.kind === 'call') n.args.forEach(walk);
  };
  walk(node);
  return found;
}

/** The message of a formula, or null when it parses. */
export function checkFormula(src: string): string | null {
  try {
    parseFormula(src);
    return null;
  } catch (e) {
    if (e instanceof FormulaError) return e.message;
    throw e;
  }
}

/** Decimal places a division keeps before the final rounding (the SQL compiler rounds the same). */
export const FORMULA_DIVISION_PLACES = 8;

/** Evaluates in exact decimal; a negative result is the caller's to clamp (the product's rule: it becomes 0). */
export function evalFormula(node: FormulaNode, vars: Record<FormulaVariable, string>): Dec {
  const num = (n: FormulaNode): Dec => {
    switch (n.kind) {
      case 'num':
        return dec(n.value);
      case 'var':
        return dec(vars[n.name] || '0');
      case 'neg':
        return decSub(0, num(n.arg));
      case 'bin': {
        const l = num(n.left);
        const r = num(n.right);
        if (n.op === '+') return decAdd(l, r);
        if (n.op === '-') return decSub(l, r);
        if (n.op === '*') return decMul(l, r);
        if (decCmp(r, 0) === 0) throw new FormulaError('公式计算错误：除数为0');
        return decDiv(l, r, FORMULA_DIVISION_PLACES, 1);
      }
      case 'cmp':
        return truth(n) ? dec(1) : dec(0);
      case 'call': {
        const args = n.args;
        if (n.fn === 'if') return truth(args[0]!) ? num(args[1]!) : num(args[2]!);
        if (n.fn === 'round') {
          const places = args[1] ? Number(decPlain(num(args[1]))) : 0;
          if (!Number.isInteger(places) || places < 0 || places > 4) throw new FormulaError('round的位数需为0-4');
          return decRound(num(args[0]!), places, 1);
        }
        const values = args.map(num);
        return values.reduce((a, b) => (n.fn === 'min' ? decMin(a, b) : decMax(a, b)));
      }
    }
  };
  const truth = (n: FormulaNode): boolean => {
    if (n.kind !== 'cmp') return decCmp(num(n), 0) !== 0;
    const c = decCmp(num(n.left), num(n.right));
    switch (n.op) {
      case '>':
        return c > 0;
      case '<':
        return c < 0;
      case '>=':
        return c >= 0;
      case '<=':
        return c <= 0;
      case '==':
        return c === 0;
      case '!=':
        return c !== 0;
    }
  };
  return num(node);
}
