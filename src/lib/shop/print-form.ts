// The print page's choices (material, then size, framing, quantity) and Add to Cart, as plain DOM
// code over the server-rendered form: no framework, a few hundred bytes beside the cart store that every page
// loads for the nav's badge. The variants and frames come with the page (its JSON data block), at
// the server's prices; the prices shown follow the shop's pricing rules (lib/shop/pricing.ts),
// and the server prices the order again at checkout.
import { addToCart } from '~/lib/shop/cart-store';
import {
  choiceWords,
  clampQuantity,
  DEFAULT_CHOICE,
  type FrameOption,
  framePriceText,
  framingOffered,
  framingShown,
  type PrintVariant,
  priceChoice,
  QUANTITY,
  settleChoice,
  showPrice,
  sizePriceText,
  sizesOffered,
  unframedMaterialWords,
} from '~/lib/shop/print-choices';
import type { Finish, PrintSize } from '~/lib/site/constants';

export interface PrintFormData {
  photoId: string;
  title: string;
  /** A small image of the photo for the cart's line. */
  imageUrl: string;
  variants: PrintVariant[];
  framing: FrameOption[];
}

export function bindPrintForm(form: HTMLFormElement | null): void {
  const source = form?.querySelector('script[data-print-data]')?.textContent;
  if (!form || !source) return;
  const data = JSON.parse(source) as PrintFormData;
  const quantity = form.querySelector<HTMLInputElement>('input[name=quantity]');
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]');
  const status = form.querySelector<HTMLElement>('[data-print-status]');
  const unavailable = form.querySelector<HTMLElement>('[data-unavailable]');
  const checked = (name: string) =>
    form.querySelector<HTMLInputElement>(`input[name=${name}]:checked`)?.value;
  const setText = (selector: string, text: string) => {
    for (const el of form.querySelectorAll<HTMLElement>(selector)) el.textContent = text;
  };

  /** The chosen print, priced; re-read from the form each time, so nothing chosen is missed. */
  const choice = () => {
    const first = settleChoice(data.variants, DEFAULT_CHOICE);
    const size = (checked('size') ?? first.size) as PrintSize;
    const finish = (checked('finish') ?? first.finish) as Finish;
    const count = clampQuantity(quantity?.value ?? DEFAULT_CHOICE.quantity);
    const framed = checked('framing') === 'framed';
    const priced = priceChoice(data.variants, data.framing, { size, finish, framed, quantity: count });
    return { size, finish, count, ...priced };
  };

  /**
   * Shows the sizes the chosen material comes in; when the chosen size is not one of them, its
   * smallest is chosen (and said as a change, for the wall view that follows the size).
   */
  const showSizesOf = (finish: Finish) => {
    const offered = sizesOffered(data.variants, finish);
    for (const label of form.querySelectorAll<HTMLElement>('[data-size-choice]')) {
      label.hidden = !offered.includes(label.dataset.sizeChoice as PrintSize);
    }
    const size = checked('size') as PrintSize | undefined;
    if (size && offered.includes(size)) return;
    const first = form.querySelector<HTMLInputElement>(`input[name=size][value="${offered[0]}"]`);
    if (!first) return;
    first.checked = true;
    first.dispatchEvent(new Event('change', { bubbles: true }));
  };

  const update = () => {
    const { finish } = choice();
    showSizesOf(finish);
    const { framePrice, variant, unitCents, totalCents, count } = choice();
    // Each size shows its price in the chosen material.
    for (const offered of sizesOffered(data.variants)) {
      setText(`[data-size-price="${offered}"]`, sizePriceText(data.variants, offered, finish));
    }
    // Framing only for a material that takes a frame; the others say they hang as they are.
    const framingSet = form.querySelector<HTMLElement>('[data-framing]');
    if (framingSet) framingSet.hidden = !framingShown(data.variants, data.framing, finish);
    const unframed = form.querySelector<HTMLElement>('[data-unframed-material]');
    if (unframed) {
      unframed.hidden = framingOffered(finish);
      unframed.textContent = framingOffered(finish) ? '' : unframedMaterialWords(finish);
    }
    const framedInput = form.querySelector<HTMLInputElement>('input[name=framing][value=framed]');
    if (framedInput) {
      framedInput.disabled = framePrice === null;
      if (framedInput.disabled && framedInput.checked) {
        form.querySelector<HTMLInputElement>('input[name=framing][value=none]')?.click();
      }
    }
    setText('[data-frame-price]', framePriceText(framePrice));
    setText('[data-unit-price]', showPrice(unitCents));
    setText('[data-total-price]', showPrice(totalCents));
    if (unavailable) unavailable.hidden = Boolean(variant);
    if (submit) submit.disabled = !variant;
    const down = form.querySelector<HTMLButtonElement>('[data-quantity-step="-1"]');
    const up = form.querySelector<HTMLButtonElement>('[data-quantity-step="1"]');
    if (down) down.disabled = count <= QUANTITY.min;
    if (up) up.disabled = count >= QUANTITY.max;
  };

  form.addEventListener('change', update);
  form.addEventListener('input', update);
  form.addEventListener('click', (event) => {
    const step = (event.target as Element).closest<HTMLElement>('[data-quantity-step]');
    if (!step || !quantity) return;
    quantity.value = String(clampQuantity(clampQuantity(quantity.value) + Number(step.dataset.quantityStep)));
    update();
  });
  // Once the quantity is left, the field shows the quantity that counts (within QUANTITY).
  quantity?.addEventListener('change', () => {
    quantity.value = String(clampQuantity(quantity.value));
    update();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const { size, finish, framed, variant, unitCents, count } = choice();
    if (!variant) return;
    addToCart({
      variantId: variant.id,
      size,
      finish,
      framing: framed ? size : null,
      quantity: count,
      unitCents,
      title: data.title,
      photoId: data.photoId,
      dimensions: variant.dimensions,
      imageUrl: data.imageUrl,
    });
    if (quantity) quantity.value = String(count);
    if (status) {
      status.textContent = `Added to cart: ${count} × ${data.title}, ${choiceWords(size, finish, framed)}.`;
    }
    for (const link of form.querySelectorAll<HTMLElement>('[data-after-add]')) link.hidden = false;
  });
  update();
}
