// The FAQ as editable content: a list of questions and answers that the owner adds to, removes from
// and reorders. Facts that follow the settings are written as placeholders (see placeholders.ts) and
// filled when the page is rendered, so an answer cannot contradict the price list. One schema for
// the admin's form and the endpoint.
import { z } from 'zod';
import { hasControlCharacter } from '~/lib/platform/shared/control-characters';
import { formatEuro } from '~/lib/platform/shared/format';
import { bothUnitsWords, isOriginalSize, MATERIALS, sizeName } from '~/lib/site/catalogue';
import {
  DRONE_TURNAROUND,
  type Finish,
  type PrintSize,
  REPLY_WITHIN_HOURS,
  TRAVEL_RADIUS_KM,
} from '~/lib/site/constants';
import { unknownPlaceholderMessage, unknownPlaceholders } from './placeholders';

export const FAQ_MAX_ENTRIES = 40;
export const FAQ_QUESTION_MAX = 200;
export const FAQ_ANSWER_MAX = 2000;

/** The placeholders a question or an answer may use, each with what it becomes. */
export const FAQ_PLACEHOLDERS = {
  print_sizes: 'the print sizes the shop sells, each with its dimensions in inches and centimetres',
  print_materials: 'what each material the shop prints on is, one sentence each',
  gloss_price_sentence: 'one sentence on what gloss costs against matte, from the prices charged',
  framing_sentence: 'one sentence on framing: from what price it is offered, or that prints come unframed',
  drone_price: 'the half-day drone price, as written on the home page’s drone card',
  drone_turnaround: 'when edited drone material is delivered',
  travel_radius: 'the distance beyond which travel is charged',
  reply_time: 'how soon enquiries are answered',
  shipping: 'what shipping costs to each zone, and where prints are not sent, as the checkout charges it',
} as const;
export type FaqPlaceholder = keyof typeof FAQ_PLACEHOLDERS;
export const FAQ_PLACEHOLDER_NAMES = Object.keys(FAQ_PLACEHOLDERS) as FaqPlaceholder[];

export interface FaqEntry {
  question: string;
  answer: string;
}

/** The FAQ until the owner saves one: the shop's own facts, those that follow settings as placeholders. */
export const FAQ_DEFAULTS: readonly FaqEntry[] = [
  {
    question: 'What print sizes do you offer?',
    answer:
      'Prints come in {print_sizes}. {print_materials} For another size, send a message through the form with “Custom Print Order” selected.',
  },
  {
    question: 'What is the difference between matte and gloss, and do they cost the same?',
    answer:
      'Matte has a soft, glare-free surface that suits misty, muted scenes; gloss gives deeper blacks and more punch to colour. {gloss_price_sentence}',
  },
  {
    question: 'Can I order a print framed?',
    answer: '{framing_sentence} You will see the exact price before you pay.',
  },
  {
    question: 'How long does delivery take?',
    answer:
      'Each print is made to order and processed within 3-5 business days. Delivery then takes 5-8 business days within Ireland and 5-10 business days internationally. {shipping}',
  },
  {
    question: 'How do I book a drone shoot, and what does it cost?',
    answer:
      'Send a message with “Drone Photography/Video” selected and tell me the place, the date and what you need; I reply within {reply_time}. A half-day shoot starts from {drone_price}, edited material is delivered within {drone_turnaround}, and travel charges may apply beyond {travel_radius}.',
  },
];

/** What the placeholders are filled from: the settings of the moment. */
export interface FaqFacts {
  /** The sizes on sale in the shop, smallest first. */
  sizes: readonly PrintSize[];
  /** The materials on sale in the shop, in catalogue order. */
  materials: readonly Finish[];
  /** What gloss costs against matte (finish-wording.ts), or empty when no size is sold in both. */
  glossSentence: string;
  /** The lowest price of an active framing option in cents, or null when framing is not offered. */
  framingFromCents: number | null;
  /** The half-day drone price (editable content), e.g. "€299". */
  dronePrice: string;
  /** What shipping costs per zone, in one paragraph (checkout/shipping-text.ts). */
  shipping: string;
}

/** "small 8 × 12 in (20 × 30 cm)", "16 × 24 in (41 × 61 cm)": a size as the FAQ lists it. */
const sizeInWords = (size: PrintSize) =>
  isOriginalSize(size) ? `${sizeName(size).toLowerCase()} ${bothUnitsWords(size)}` : bothUnitsWords(size);

/** "a, b and c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "Canvas is printed canvas stretched over a wooden frame, ready to hang without a frame." */
const materialSentence = (finish: Finish) => {
  const { label, description } = MATERIALS[finish];
  return `${label} is ${description.charAt(0).toLowerCase()}${description.slice(1)}`;
};

/** What framing costs, and which materials hang without a frame, from the materials on sale. */
function framingSentence(facts: FaqFacts): string {
  if (facts.framingFromCents === null) {
    return 'Prints are sold unframed; ask through the form if you would like one framed.';
  }
  const from = formatEuro(facts.framingFromCents);
  const unframed = facts.materials.filter((f) => !MATERIALS[f].frameable);
  if (unframed.length === 0) {
    return `Every print can be ordered framed or unframed; framing adds from ${from}, depending on the size.`;
  }
  const names = listWords(unframed.map((f) => MATERIALS[f].label.toLowerCase()));
  return `A print on paper can be ordered framed or unframed; framing adds from ${from}, depending on the size. A print on ${names} is not framed: it comes ready to hang.`;
}

export function faqPlaceholderValues(facts: FaqFacts): Record<FaqPlaceholder, string> {
  return {
    print_sizes: listWords(facts.sizes.map(sizeInWords)),
    print_materials: facts.materials.map(materialSentence).join(' '),
    gloss_price_sentence: facts.glossSentence,
    framing_sentence: framingSentence(facts),
    drone_price: facts.dronePrice,
    drone_turnaround: DRONE_TURNAROUND,
    travel_radius: `${TRAVEL_RADIUS_KM} km`,
    reply_time: `${REPLY_WITHIN_HOURS} hours`,
    shipping: facts.shipping,
  };
}

/** Line breaks and tabs become one space: a question or an answer is one paragraph. */
const oneParagraph = (text: string) => text.replace(/\s*[\r\n\t]+\s*/g, ' ').trim();

/** One rule for a question or an answer; `where` names it for the owner ("Answer 3"). */
function checkText(
  ctx: z.RefinementCtx,
  path: (string | number)[],
  where: string,
  text: string,
  max: number,
) {
  const fail = (message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (text === '') return fail(`${where} is empty: write it, or remove the question.`);
  if (text.length > max) return fail(`${where} is ${text.length} characters long; at most ${max} fit.`);
  if (hasControlCharacter(text)) return fail(`${where} holds an invisible control character: retype it.`);
  const unknown = unknownPlaceholders(text, FAQ_PLACEHOLDER_NAMES);
  if (unknown.length) fail(unknownPlaceholderMessage(where, unknown, FAQ_PLACEHOLDER_NAMES));
}

/** PUT /api/admin/faq and the admin's FAQ form: the whole list, in order. */
export const faqSchema = z
  .object({
    entries: z
      .array(
        z.object({
          question: z.string({ error: 'Each question must be text.' }).transform(oneParagraph),
          answer: z.string({ error: 'Each answer must be text.' }).transform(oneParagraph),
        }),
        { error: 'The FAQ must be a list of questions and answers.' },
      )
      .max(FAQ_MAX_ENTRIES, `The FAQ holds at most ${FAQ_MAX_ENTRIES} questions.`),
  })
  .superRefine(({ entries }, ctx) => {
    entries.forEach(({ question, answer }, i) => {
      checkText(ctx, ['entries', i, 'question'], `Question ${i + 1}`, question, FAQ_QUESTION_MAX);
      checkText(ctx, ['entries', i, 'answer'], `Answer ${i + 1}`, answer, FAQ_ANSWER_MAX);
    });
  });
export type FaqInput = z.input<typeof faqSchema>;
export type FaqData = z.output<typeof faqSchema>;
