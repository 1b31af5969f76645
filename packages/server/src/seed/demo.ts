import { eq } from 'drizzle-orm';
import type {
  OptionInput,
  ProductInput,
  StockInput,
  StoredMedia,
  VariantInput,
} from '../modules/catalogue/shared/model.ts';
import { collections } from '../modules/catalogue/collections/tables.ts';
import { products } from '../modules/catalogue/products/tables.ts';
import { createCollection } from '../modules/catalogue/collections/writes.ts';
import { createProduct } from '../modules/catalogue/products/writes.ts';
import { slugify } from '../modules/catalogue/shared/write-support.ts';
import type { AppContext } from '../platform/context.ts';
import { fromCents, toCents } from '../platform/money.ts';
import {
  type CollectionKey,
  DEMO_COLLECTIONS,
  DEMO_PRODUCTS,
  type DemoProduct,
  DESCRIPTION_COPY,
} from './demo-catalogue.ts';
import { seedDemoSettings } from './demo-settings.ts';
import { initialsOf, mapLimit, seedImage } from './images.ts';

export interface SeedOptions {
  /** Do nothing when the store already has products. */
  onlyIfEmpty?: boolean;
}

export interface DemoSeedResult {
  seeded: boolean;
  products: number;
  collections: number;
}

/** A small deterministic PRNG (mulberry32), seeded per product name: the same store on every run. */
export function random(seed: string): () => number {
  let h = 1779033703;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rnd: () => number, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
const addMoney = (a: string, b: string) => fromCents(toCents(a) + toCents(b));
const SIZES = ['S', 'M', 'L', 'XL'];
const WAISTS = ['30', '32', '34', '36'];
const SHOE_SIZES = ['US 7', 'US 8', 'US 9', 'US 10', 'US 11'];
const PREFIX: Record<CollectionKey, string> = {
  apparel: 'AP',
  shoes: 'SH',
  home: 'HO',
  kitchen: 'KI',
  outdoor: 'OU',
  accessories: 'AC',
};

interface Axis {
  option: OptionInput;
  /** Price added per choice, by index. */
  extra: string[];
  /** Weight factor per choice, by index. */
  weight: number[];
}

function axes(product: DemoProduct, colourMedia: Map<string, string>): Axis[] {
  const preset = product.options;
  if (!preset) return [];
  const colourAxis = (colours: Array<[string, string]>): Axis => ({
    option: {
      optionType: 'color',
      name: 'Color',
      choices: colours.map(([name, hex]) => ({
        value: hex,
        description: name,
        mediaIds: [colourMedia.get(name)!],
      })),
    },
    extra: colours.map(() => '0'),
    weight: colours.map(() => 1),
  });
  const sizeAxis = (name: string, values: string[], extra: string[], weight: number[]): Axis => ({
    option: { optionType: 'drop_down', name, choices: values.map((value) => ({ value })) },
    extra,
    weight,
  });
  switch (preset.kind) {
    case 'apparel':
      return [
        sizeAxis('Size', SIZES, ['0', '0', '0', '2.00'], [0.9, 1, 1.1, 1.2]),
        colourAxis(preset.colours),
      ];
    case 'waist':
      return [sizeAxis('Waist', WAISTS, ['0', '0', '0', '4.00'], [0.95, 1, 1.05, 1.1])];
    case 'shoes': {
      const sizes = sizeAxis(
        'Size',
        SHOE_SIZES,
        SHOE_SIZES.map(() => '0'),
        [0.9, 0.95, 1, 1.05, 1.1],
      );
      return preset.colours ? [sizes, colourAxis(preset.colours)] : [sizes];
    }
    case 'colour':
      return [colourAxis(preset.colours)];
    case 'choice':
      return [
        sizeAxis(
          preset.name,
          preset.values,
          preset.values.map((_, i) => fromCents(toCents(preset.step ?? '0') * BigInt(i))),
          preset.values.map((_, i) => 1 + i * 0.25),
        ),
      ];
  }
}

function stockFor(product: DemoProduct, index: number, rnd: () => number): StockInput {
  switch (product.stock) {
    case 'sold-out':
      return { trackQuantity: true, quantity: 0 };
    case 'partial':
      return { trackQuantity: true, quantity: index < 2 ? 0 : between(rnd, 3, 20) };
    case 'unavailable':
      return { trackQuantity: false, inStock: false };
    case 'tracked':
      return { trackQuantity: true, quantity: between(rnd, 5, 60) };
    default:
      return { trackQuantity: false, inStock: true };
  }
}

function description(
  product: DemoProduct,
  rnd: () => number,
): { html: string; lead: string; details: string[] } {
  const copy = DESCRIPTION_COPY[product.collection];
  const lead = copy.lead[between(rnd, 0, copy.lead.length - 1)]!;
  const pool = [...copy.details];
  const details: string[] = [];
  while (details.length < 3) details.push(pool.splice(between(rnd, 0, pool.length - 1), 1)[0]!);
  const html = product.digital
    ? `<p>${product.name}: ${lead.toLowerCase()} Instant download after purchase, yours to keep.</p>`
    : `<p>${lead} The ${product.name.toLowerCase()} by ${product.brand} is part of our ${product.collection} range.</p>`;
  return { html, lead, details };
}

async function productInput(
  ctx: AppContext,
  product: DemoProduct,
  position: number,
  collectionIds: Map<string, string>,
): Promise<ProductInput> {
  const rnd = random(product.name);
  const slug = slugify(product.name);
  const collection = DEMO_COLLECTIONS.find((c) => c.key === product.collection)!;
  const hue = collection.hue + between(rnd, -14, 14);
  const initials = initialsOf(product.name);
  const media: StoredMedia[] = [
    await seedImage(
      ctx,
      `product:${slug}`,
      { shape: product.shape, hue, initials },
      {
        filename: `${slug}.jpg`,
        title: product.name,
        altText: product.name,
      },
    ),
  ];
  const colourMedia = new Map<string, string>();
  const colours = product.options && 'colours' in product.options ? (product.options.colours ?? []) : [];
  for (const [name, hex] of colours) {
    const image = await seedImage(
      ctx,
      `product:${slug}:${name}`,
      { shape: product.shape, hue, initials, fill: hex },
      {
        filename: `${slug}-${slugify(name)}.jpg`,
        title: `${product.name}, ${name}`,
        altText: `${product.name} in ${name.toLowerCase()}`,
      },
    );
    media.push(image);
    colourMedia.set(name, image.id);
  }

  const sku = `${PREFIX[product.collection]}-${String(position + 1).padStart(4, '0')}`;
  const costPercent = BigInt(between(rnd, 38, 55));
  const cost = (price: string) => fromCents((toCents(price) * costPercent) / 100n);
  const dims = axes(product, colourMedia);
  let variants: VariantInput[] | undefined;
  if (dims.length) {
    let combos: Array<{ choices: Record<string, string>; extra: string; weight: number; code: string[] }> = [
      { choices: {}, extra: '0', weight: 1, code: [] },
    ];
    for (const axis of dims) {
      combos = combos.flatMap((combo) =>
        axis.option.choices.map((choice, i) => {
          const name = choice.description ?? choice.value;
          return {
            choices: { ...combo.choices, [axis.option.name]: name },
            extra: addMoney(combo.extra, axis.extra[i]!),
            weight: combo.weight * axis.weight[i]!,
            code: [
              ...combo.code,
              name
                .replace(/[^A-Za-z0-9]/g, '')
                .slice(0, 3)
                .toUpperCase(),
            ],
          };
        }),
      );
    }
    variants = combos.map((combo, i) => {
      const price = addMoney(product.price, combo.extra);
      return {
        choices: combo.choices,
        price,
        cost: cost(price),
        weight: Math.round(product.weight * combo.weight * 1000) / 1000,
        sku: `${sku}-${combo.code.join('-')}`,
        stock: stockFor(product, i, rnd),
      };
    });
  }
  const text = description(product, rnd);
  return {
    name: product.name,
    slug,
    description: text.html,
    sku,
    productType: product.digital ? 'digital' : 'physical',
    visible: !product.hidden,
    price: product.price,
    cost: cost(product.price),
    ...(product.digital ? {} : { weight: product.weight }),
    ...(product.discount ? { discount: product.discount } : {}),
    brand: product.brand,
    ...(product.ribbon ? { ribbon: product.ribbon } : {}),
    productOptions: dims.map((d) => d.option),
    ...(variants ? { variants } : { stock: stockFor(product, 0, rnd) }),
    media,
    additionalInfoSections: [
      { title: 'Details', description: `<ul>${text.details.map((d) => `<li>${d}</li>`).join('')}</ul>` },
      product.digital
        ? { title: 'Delivery', description: '<p>A download link is e-mailed right after payment.</p>' }
        : {
            title: 'Shipping & returns',
            description: '<p>Free shipping over $75. Free returns within 30 days.</p>',
          },
    ],
    ...(product.name === 'Leather Card Wallet'
      ? { customTextFields: [{ title: 'Monogram (up to 3 letters)', maxLength: 3, mandatory: false }] }
      : {}),
    ...(product.name === 'Scented Soy Candle'
      ? {
          pricePerUnitData: {
            totalQuantity: 200,
            totalMeasurementUnit: 'G' as const,
            baseQuantity: 100,
            baseMeasurementUnit: 'G' as const,
          },
        }
      : {}),
    ...(product.shape === 'lamp' || product.name === 'Oak Wall Shelf'
      ? {
          productDimensions: { length: '24', width: '24', height: '46', unit: 'CM' as const },
          packageDimensions: { length: '30', width: '30', height: '52', unit: 'CM' as const },
        }
      : {}),
    seoData: {
      tags: [
        { type: 'title', children: `${product.name} | Aisle Demo Store` },
        { type: 'meta', props: { name: 'description', content: text.lead } },
      ],
      settings: {
        preventAutoRedirect: false,
        keywords: [{ term: product.name.toLowerCase(), isMain: true }],
      },
    },
    collectionIds: [
      collectionIds.get(product.collection)!,
      ...(product.staffPick ? [collectionIds.get('staff-picks')!] : []),
    ],
  };
}

/** Round-robin over the collections, so that a newest-first listing mixes them. */
function interleaved(list: DemoProduct[]): DemoProduct[] {
  const groups = new Map<string, DemoProduct[]>();
  for (const p of list) groups.set(p.collection, [...(groups.get(p.collection) ?? []), p]);
  const out: DemoProduct[] = [];
  for (let i = 0; out.length < list.length; i++) {
    for (const group of groups.values()) if (group[i]) out.push(group[i]!);
  }
  return out.reverse();
}

/**
 * The demo store: 69 products (one hidden) in six collections plus a hidden draft collection, with sized
 * and coloured variants, brands, ribbons, discounts, sold-out and partly sold-out items and two digital
 * products. Images are drawn locally into `DATA_DIR/media` (kept between runs).
 */
export async function seedDemoStore(ctx: AppContext, options: SeedOptions = {}): Promise<DemoSeedResult> {
  // Shipping, tax and coupons of the demo store (its own emptiness check).
  await seedDemoSettings(ctx, { onlyIfEmpty: options.onlyIfEmpty ?? false, logo: true });
  if (options.onlyIfEmpty) {
    const [anyProduct] = await ctx.db.select({ id: products.id }).from(products).limit(1);
    const [anyCollection] = await ctx.db.select({ id: collections.id }).from(collections).limit(1);
    if (anyProduct || anyCollection) return { seeded: false, products: 0, collections: 0 };
  }
  const collectionIds = new Map<string, string>();
  for (const c of DEMO_COLLECTIONS) {
    const image = await seedImage(
      ctx,
      `collection:${c.key}`,
      { shape: c.shape, hue: c.hue, initials: initialsOf(c.name) },
      {
        filename: `${c.key}.jpg`,
        title: c.name,
        altText: c.name,
      },
    );
    const { id } = await createCollection(ctx, {
      name: c.name,
      slug: c.key,
      description: c.description,
      visible: c.visible ?? true,
      media: [image],
    });
    collectionIds.set(c.key, id);
  }
  const positions = new Map(DEMO_PRODUCTS.map((p, i) => [p, i]));
  // Images render in parallel; products are then written in a fixed order (numericId follows it).
  const ordered = interleaved(DEMO_PRODUCTS);
  const inputs = await mapLimit(ordered, 8, (p) => productInput(ctx, p, positions.get(p)!, collectionIds));
  for (const input of inputs) await createProduct(ctx, input);
  return { seeded: true, products: inputs.length, collections: DEMO_COLLECTIONS.length };
}

/** The seeded product with this slug (tests and tools). */
export async function demoProductId(ctx: AppContext, slug: string): Promise<string> {
  const [row] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
  if (!row) throw new Error(`no demo product ${slug}`);
  return row.id;
}
