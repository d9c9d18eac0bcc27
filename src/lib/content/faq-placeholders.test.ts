// The FAQ's placeholders and its one schema: facts that follow the settings are filled from them,
// a placeholder the site does not know is refused by name, and the limits hold with a sentence.
import { describe, expect, it } from 'vitest';
import { FAQ_DEFAULTS, FAQ_PLACEHOLDER_NAMES, faqPlaceholderValues, faqSchema } from '~/lib/content/faq';
import { fillPlaceholders, unknownPlaceholders } from '~/lib/content/placeholders';
import { websiteContentSchema } from '~/lib/content/schemas';

const facts = {
  sizes: ['small', 'medium', 'large'] as const,
  materials: ['matte', 'gloss'] as const,
  glossSentence: 'Both finishes cost the same at every size.',
  framingFromCents: 2500,
  dronePrice: '€299',
  shipping: 'Shipping is charged by destination, once per order.',
};
const values = faqPlaceholderValues(facts);

describe('filling placeholders', () => {
  it('replaces each known placeholder, every time it appears, and leaves other braces as written', () => {
    expect(fillPlaceholders('From {drone_price}; still {drone_price}.', values)).toBe(
      'From €299; still €299.',
    );
    expect(fillPlaceholders('A {mystery} and {drone_price}', values)).toBe('A {mystery} and €299');
    expect(fillPlaceholders('© {year} Wicklow', { year: '2026' })).toBe('© 2026 Wicklow');
    expect(fillPlaceholders('no braces at all', values)).toBe('no braces at all');
  });

  it('fills from the settings of the moment: framing price, or none offered; sizes; times', () => {
    expect(values.framing_sentence).toBe(
      'Every print can be ordered framed or unframed; framing adds from €25.00, depending on the size.',
    );
    expect(faqPlaceholderValues({ ...facts, framingFromCents: null }).framing_sentence).toBe(
      'Prints are sold unframed; ask through the form if you would like one framed.',
    );
    expect(values.print_sizes).toBe(
      'small 8 × 12 in (20 × 30 cm), medium 12 × 16 in (30 × 41 cm) and large 16 × 20 in (41 × 51 cm)',
    );
    expect(values.gloss_price_sentence).toBe(facts.glossSentence);
    expect(values.reply_time).toBe('24 hours');
    expect(values.travel_radius).toBe('50 km');
  });

  it('names the sizes and materials on sale from the data, and says which materials take no frame', () => {
    const more = faqPlaceholderValues({
      ...facts,
      sizes: ['small', '12x18', '16x24'],
      materials: ['matte', 'canvas', 'aluminium'],
    });
    expect(more.print_sizes).toBe(
      'small 8 × 12 in (20 × 30 cm), 12 × 18 in (30 × 46 cm) and 16 × 24 in (41 × 61 cm)',
    );
    expect(more.print_materials).toBe(
      'Matte is photographic paper with a matte surface: no glare, soft blacks. Canvas is printed canvas stretched over a wooden frame, ready to hang without a frame. Aluminium is printed onto a rigid aluminium panel with a satin surface, ready to hang.',
    );
    expect(more.framing_sentence).toBe(
      'A print on paper can be ordered framed or unframed; framing adds from €25.00, depending on the size. A print on canvas and aluminium is not framed: it comes ready to hang.',
    );
    expect(values.print_materials).not.toMatch(/canvas|aluminium|acrylic|lustre|fine-art/i);
  });

  it('finds the unknown ones, each once, whatever is between the braces', () => {
    expect(
      unknownPlaceholders('{drone_price} {dron_price} {Drone Price} {dron_price}', FAQ_PLACEHOLDER_NAMES),
    ).toEqual(['dron_price', 'Drone Price']);
    expect(unknownPlaceholders('{drone_price} and { and }', FAQ_PLACEHOLDER_NAMES)).toEqual([]);
  });

  it('the default FAQ uses only known placeholders, and states each generated fact through one', () => {
    const text = FAQ_DEFAULTS.map((e) => `${e.question} ${e.answer}`).join(' ');
    expect(unknownPlaceholders(text, FAQ_PLACEHOLDER_NAMES)).toEqual([]);
    for (const name of ['print_sizes', 'gloss_price_sentence', 'framing_sentence', 'drone_price']) {
      expect(text).toContain(`{${name}}`);
    }
    expect(text).not.toMatch(/€\d/);
  });
});

const entry = (question: string, answer: string) => ({ question, answer });
const issues = (entries: unknown) => {
  const parsed = faqSchema.safeParse({ entries });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the FAQ schema', () => {
  it('takes the defaults, an empty list, and a list of 40', () => {
    expect(issues(FAQ_DEFAULTS)).toEqual([]);
    expect(issues([])).toEqual([]);
    expect(issues(Array.from({ length: 40 }, (_, i) => entry(`Question ${i}?`, 'Yes.')))).toEqual([]);
  });

  it('makes each text one paragraph: line breaks and tabs become one space, ends trimmed', () => {
    const parsed = faqSchema.parse({ entries: [entry('  Sizes?\n', 'Three.\r\n\r\nAll\tframed. ')] });
    expect(parsed.entries).toEqual([entry('Sizes?', 'Three. All framed.')]);
  });

  it('refuses 41 questions, an empty or too long text, and a control character, naming the entry', () => {
    expect(issues(Array.from({ length: 41 }, () => entry('Q?', 'A.')))).toEqual([
      'entries: The FAQ holds at most 40 questions.',
    ]);
    expect(issues([entry('Fine?', 'Fine.'), entry('   ', 'An answer.')])).toEqual([
      'entries.1.question: Question 2 is empty: write it, or remove the question.',
    ]);
    expect(issues([entry('q'.repeat(201), 'a'.repeat(2001))])).toEqual([
      'entries.0.question: Question 1 is 201 characters long; at most 200 fit.',
      'entries.0.answer: Answer 1 is 2001 characters long; at most 2000 fit.',
    ]);
    expect(issues([entry('q'.repeat(200), 'a'.repeat(2000))])).toEqual([]);
    expect(issues([entry('Bell\u0007?', 'Zero\u200b width is fine; a NUL\u0000 is not.')])).toEqual([
      'entries.0.question: Question 1 holds an invisible control character: retype it.',
      'entries.0.answer: Answer 1 holds an invisible control character: retype it.',
    ]);
    expect(issues('not a list')).toEqual(['entries: The FAQ must be a list of questions and answers.']);
    expect(issues([{ question: 3, answer: 'x' }])).toEqual([
      'entries.0.question: Each question must be text.',
    ]);
  });

  it('refuses an unknown placeholder by name, and lists the ones there are', () => {
    const [message] = issues([entry('Price?', 'From {drone_cost} or {dronePrice}, see {drone_price}.')]);
    expect(message).toContain('Answer 1 uses the unknown placeholders {drone_cost}, {dronePrice}.');
    expect(message).toContain('{drone_price}');
    expect(message).toContain('{gloss_price_sentence}');
  });
});

describe('a text block with placeholders', () => {
  const copyright = (content: string) =>
    websiteContentSchema.safeParse({ section: 'footer', key: 'copyright', content });

  it('the copyright line takes {year} and refuses any other placeholder', () => {
    expect(copyright('© {year} Wicklow Light').success).toBe(true);
    const refused = copyright('© {yaer} Wicklow Light');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'The text uses the unknown placeholder {yaer}. The placeholders you can use are {year}.',
    );
  });

  it('a block without placeholders keeps braces as written', () => {
    expect(
      websiteContentSchema.safeParse({ section: 'hero', key: 'title', content: 'Wicklow {in mist}' }).success,
    ).toBe(true);
  });
});
