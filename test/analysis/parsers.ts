/**
 * Independent readers used by the tests: a strict RFC 4180 parser and an XML well-formedness
 * checker (no dependency). Both throw on anything the standards reject.
 */

/** Parses RFC 4180 CSV: every record ends with CRLF; quoted fields may hold `,`, `"` (doubled), CR, LF. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new Error('unterminated quoted field');
          if (text[i] === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          field += text[i];
          i++;
        }
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
          if (text[i] === '"') throw new Error(`bare quote in an unquoted field at ${i}`);
          field += text[i];
          i++;
        }
      }
      record.push(field);
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '\r' && text[i + 1] === '\n') {
        i += 2;
        break;
      }
      throw new Error(`expected ',' or CRLF at ${i}, got ${JSON.stringify(text.slice(i, i + 10))}`);
    }
    records.push(record);
  }
  return records;
}

/** A parsed element: name, attributes, children elements and text. */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

const NAME = '[A-Za-z_:][-A-Za-z0-9_.:]*';
const ENTITY = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/y;

function decode(text: string, where: string): string {
  for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
    ENTITY.lastIndex = i;
    if (!ENTITY.test(text)) throw new Error(`bad entity reference in ${where}: ${text.slice(i, i + 12)}`);
  }
  return text
    .replace(/&#x([0-9a-fA-F]+);/g, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#([0-9]+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Checks that `xml` is a well-formed document (optional declaration, comments, one root element,
 * matched tags, quoted unique attributes, valid entity references, no stray `<` or `&`) and
 * returns its root element.
 */
export function parseXml(xml: string): XmlElement {
  let i = 0;
  const decl = /^<\?xml\s[^?]*\?>/.exec(xml);
  if (decl) i = decl[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const tagRe = new RegExp(`<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`, 'y');
  const attrRe = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g');
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = lt < 0 ? xml.slice(i) : xml.slice(i, lt);
    if (text !== '') {
      const top = stack[stack.length - 1];
      if (top === undefined) {
        if (text.trim() !== '') throw new Error(`text outside the root element: ${text.slice(0, 20)}`);
      } else {
        if (text.includes('>') && text.includes(']]>')) throw new Error(']]> in text');
        top.text += decode(text, `<${top.name}>`);
      }
    }
    if (lt < 0) break;
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end < 0) throw new Error('unterminated comment');
      i = end + 3;
      continue;
    }
    tagRe.lastIndex = lt;
    const m = tagRe.exec(xml);
    if (m === null) throw new Error(`malformed tag at ${lt}: ${xml.slice(lt, lt + 40)}`);
    const [whole, closing, name, attrText, selfClosing] = m as unknown as [string, string, string, string, string];
    i = lt + whole.length;
    if (closing === '/') {
      if (attrText.trim() !== '' || selfClosing === '/') throw new Error(`malformed end tag </${name}>`);
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}>`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const a of attrText.matchAll(attrRe)) {
      const key = a[1] as string;
      if (Object.hasOwn(attributes, key)) throw new Error(`duplicate attribute ${key} on <${name}>`);
      attributes[key] = decode(a[2] ?? a[3] ?? '', `${name}@${key}`);
    }
    const element: XmlElement = { name, attributes, children: [], text: '' };
    const parent = stack[stack.length - 1];
    if (parent === undefined) {
      if (root !== undefined) throw new Error('more than one root element');
      root = element;
    } else {
      parent.children.push(element);
    }
    if (selfClosing !== '/') stack.push(element);
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack[stack.length - 1]?.name}>`);
  if (root === undefined) throw new Error('no root element');
  return root;
}

/** Every element of the tree, depth first. */
export function* walk(element: XmlElement): Generator<XmlElement> {
  yield element;
  for (const child of element.children) yield* walk(child);
}
