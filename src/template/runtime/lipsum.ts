/** Jinja's `lipsum()`: random lorem-ipsum paragraphs (n=5, html=True, min=20, max=100). */
import type { Kwargs, Value } from './py-object.js';
import { num, truthy } from './py-values.js';
import { PyException } from './py-exception.js';

const WORDS = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum'.split(' ');

export function lipsum(args: Value[], kwargs: Kwargs): Value {
  const n = num(args[0] ?? kwargs.get('n') ?? 5) ?? 5;
  const html = truthy(args[1] ?? kwargs.get('html') ?? true);
  const min = num(args[2] ?? kwargs.get('min') ?? 20) ?? 20;
  const max = num(args[3] ?? kwargs.get('max') ?? 100) ?? 100;
  if (min >= max) throw new PyException('ValueError', `empty range in randrange(${min}, ${max})`);
  const paragraphs: string[] = [];
  for (let p = 0; p < n; p++) {
    const count = min + Math.floor(Math.random() * (max - min));
    const words: string[] = [];
    for (let i = 0; i < count; i++) words.push(WORDS[Math.floor(Math.random() * WORDS.length)] as string);
    let text = words.join(' ');
    text = text.charAt(0).toUpperCase() + text.slice(1) + '.';
    paragraphs.push(html ? `<p>${text}</p>` : text);
  }
  return paragraphs.join(html ? '\n' : '\n\n');
}
