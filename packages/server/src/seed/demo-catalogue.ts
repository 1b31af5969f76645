import type { Shape } from './images.ts';

/** The demo store's catalogue as data: hand-picked names and prices, everything else derived from them. */

export type CollectionKey = 'apparel' | 'shoes' | 'home' | 'kitchen' | 'outdoor' | 'accessories';

export interface DemoCollection {
  key: CollectionKey | 'staff-picks';
  name: string;
  description: string;
  shape: Shape;
  hue: number;
  visible?: boolean;
}

export const DEMO_COLLECTIONS: DemoCollection[] = [
  {
    key: 'apparel',
    name: 'Apparel',
    description: 'Everyday layers in natural fibres.',
    shape: 'shirt',
    hue: 8,
  },
  {
    key: 'shoes',
    name: 'Shoes',
    description: 'From trail to town, built to be worn in.',
    shape: 'shoe',
    hue: 28,
  },
  {
    key: 'home',
    name: 'Home',
    description: 'Warm, simple pieces for living rooms and bedrooms.',
    shape: 'lamp',
    hue: 45,
  },
  {
    key: 'kitchen',
    name: 'Kitchen',
    description: 'Tools and tableware that earn their place.',
    shape: 'mug',
    hue: 190,
  },
  {
    key: 'outdoor',
    name: 'Outdoor',
    description: 'Light, tough gear for days and nights outside.',
    shape: 'tent',
    hue: 130,
  },
  {
    key: 'accessories',
    name: 'Accessories',
    description: 'The small things you reach for daily.',
    shape: 'bag',
    hue: 265,
  },
  // Hidden from visitors: a merchant's draft.
  {
    key: 'staff-picks',
    name: 'Staff Picks',
    description: 'Draft: not live yet.',
    shape: 'book',
    hue: 320,
    visible: false,
  },
];

/** Option presets; colours are [name, CSS colour]. */
export type OptionPreset =
  | { kind: 'apparel'; colours: Array<[string, string]> }
  | { kind: 'waist' }
  | { kind: 'shoes'; colours?: Array<[string, string]> }
  | { kind: 'colour'; colours: Array<[string, string]> }
  /** `step`: added to the price for each following value (bigger sizes cost more). */
  | { kind: 'choice'; name: string; values: string[]; step?: string };

export type StockPlan =
  /** Tracked, every variant at 0. */
  | 'sold-out'
  /** Tracked, the first variants at 0, the others stocked. */
  | 'partial'
  /** Not tracked, marked out of stock. */
  | 'unavailable'
  /** Tracked with generous counts. */
  | 'tracked';

export interface DemoProduct {
  name: string;
  collection: CollectionKey;
  price: string;
  shape: Shape;
  brand: string;
  weight: number;
  options?: OptionPreset;
  ribbon?: 'New' | 'Sale' | 'Bestseller' | 'Limited';
  discount?: { type: 'PERCENT' | 'AMOUNT'; value: string };
  stock?: StockPlan;
  digital?: boolean;
  hidden?: boolean;
  /** Also listed in the hidden "Staff Picks" collection. */
  staffPick?: boolean;
}

const NAVY: [string, string] = ['Navy', '#1f3a5f'];
const OAT: [string, string] = ['Oat', '#d9c9a8'];
const BLACK: [string, string] = ['Black', '#1b1b1b'];
const OLIVE: [string, string] = ['Olive', '#5b6b2f'];
const RUST: [string, string] = ['Rust', '#a4482a'];
const GREY: [string, string] = ['Heather Grey', '#8d9096'];
const SAGE: [string, string] = ['Sage', '#9bb09a'];
const CREAM: [string, string] = ['Cream', '#f1e8d6'];
const SKY: [string, string] = ['Sky', '#7fb2d9'];

export const DEMO_PRODUCTS: DemoProduct[] = [
  // Apparel
  {
    name: 'Classic Cotton Tee',
    collection: 'apparel',
    price: '24.00',
    shape: 'shirt',
    brand: 'Northwind',
    weight: 0.2,
    options: { kind: 'apparel', colours: [NAVY, OAT, BLACK] },
    ribbon: 'Bestseller',
    stock: 'tracked',
    staffPick: true,
  },
  {
    name: 'Merino Crew Sweater',
    collection: 'apparel',
    price: '89.00',
    shape: 'sweater',
    brand: 'Harbor & Pine',
    weight: 0.45,
    options: { kind: 'apparel', colours: [GREY, OLIVE] },
    ribbon: 'New',
  },
  {
    name: 'Linen Button-Down Shirt',
    collection: 'apparel',
    price: '64.00',
    shape: 'shirt',
    brand: 'Harbor & Pine',
    weight: 0.3,
    options: { kind: 'apparel', colours: [SKY, CREAM] },
    ribbon: 'Sale',
    discount: { type: 'PERCENT', value: '25' },
  },
  {
    name: 'Heavyweight Hoodie',
    collection: 'apparel',
    price: '72.00',
    shape: 'sweater',
    brand: 'Northwind',
    weight: 0.7,
    options: { kind: 'apparel', colours: [BLACK, RUST] },
  },
  {
    name: 'Relaxed Chino Trousers',
    collection: 'apparel',
    price: '68.00',
    shape: 'trousers',
    brand: 'Northwind',
    weight: 0.55,
    options: { kind: 'waist' },
  },
  {
    name: 'Quilted Field Jacket',
    collection: 'apparel',
    price: '148.00',
    shape: 'sweater',
    brand: 'Harbor & Pine',
    weight: 0.9,
    stock: 'sold-out',
    ribbon: 'Limited',
  },
  {
    name: 'Ribbed Tank Top',
    collection: 'apparel',
    price: '19.00',
    shape: 'shirt',
    brand: 'Northwind',
    weight: 0.12,
    options: { kind: 'colour', colours: [CREAM, BLACK] },
  },
  {
    name: 'Fleece Quarter-Zip',
    collection: 'apparel',
    price: '58.00',
    shape: 'sweater',
    brand: 'Ridgeback',
    weight: 0.5,
    ribbon: 'Sale',
    discount: { type: 'AMOUNT', value: '10' },
  },
  {
    name: 'Organic Cotton Joggers',
    collection: 'apparel',
    price: '54.00',
    shape: 'trousers',
    brand: 'Harbor & Pine',
    weight: 0.48,
    options: { kind: 'waist' },
  },
  {
    name: 'Denim Chore Coat',
    collection: 'apparel',
    price: '118.00',
    shape: 'sweater',
    brand: 'Northwind',
    weight: 1.1,
    ribbon: 'New',
  },
  {
    name: 'Waffle-Knit Henley',
    collection: 'apparel',
    price: '42.00',
    shape: 'shirt',
    brand: 'Harbor & Pine',
    weight: 0.3,
    options: { kind: 'apparel', colours: [OAT, OLIVE] },
  },
  // Shoes
  {
    name: 'Everyday Canvas Sneaker',
    collection: 'shoes',
    price: '65.00',
    shape: 'shoe',
    brand: 'Strider',
    weight: 0.8,
    options: { kind: 'shoes', colours: [CREAM, NAVY] },
    ribbon: 'Bestseller',
  },
  {
    name: 'Trail Runner GTX',
    collection: 'shoes',
    price: '139.00',
    shape: 'shoe',
    brand: 'Ridgeback',
    weight: 0.65,
    options: { kind: 'shoes' },
    stock: 'partial',
    staffPick: true,
  },
  {
    name: 'Leather Chelsea Boot',
    collection: 'shoes',
    price: '189.00',
    shape: 'shoe',
    brand: 'Cobble & Co.',
    weight: 1.2,
    options: { kind: 'shoes' },
  },
  {
    name: 'Suede Desert Boot',
    collection: 'shoes',
    price: '129.00',
    shape: 'shoe',
    brand: 'Cobble & Co.',
    weight: 1.0,
    ribbon: 'Sale',
    discount: { type: 'PERCENT', value: '20' },
  },
  {
    name: 'Knit Slip-On',
    collection: 'shoes',
    price: '79.00',
    shape: 'shoe',
    brand: 'Strider',
    weight: 0.5,
    options: { kind: 'shoes', colours: [GREY, BLACK] },
  },
  {
    name: 'Court Classic Low',
    collection: 'shoes',
    price: '85.00',
    shape: 'shoe',
    brand: 'Strider',
    weight: 0.85,
  },
  {
    name: 'Waterproof Hiking Boot',
    collection: 'shoes',
    price: '169.00',
    shape: 'shoe',
    brand: 'Ridgeback',
    weight: 1.4,
    options: { kind: 'shoes' },
    ribbon: 'New',
  },
  {
    name: 'Wool House Slipper',
    collection: 'shoes',
    price: '45.00',
    shape: 'shoe',
    brand: 'Alder Home',
    weight: 0.4,
  },
  {
    name: 'Minimalist Running Shoe',
    collection: 'shoes',
    price: '115.00',
    shape: 'shoe',
    brand: 'Strider',
    weight: 0.45,
    stock: 'sold-out',
  },
  {
    name: 'Retro Suede Trainer',
    collection: 'shoes',
    price: '95.00',
    shape: 'shoe',
    brand: 'Strider',
    weight: 0.8,
  },
  {
    name: 'Leather Penny Loafer',
    collection: 'shoes',
    price: '159.00',
    shape: 'shoe',
    brand: 'Cobble & Co.',
    weight: 0.9,
  },
  // Home
  {
    name: 'Stoneware Table Lamp',
    collection: 'home',
    price: '98.00',
    shape: 'lamp',
    brand: 'Alder Home',
    weight: 2.4,
    ribbon: 'New',
  },
  {
    name: 'Linen Throw Pillow',
    collection: 'home',
    price: '38.00',
    shape: 'bag',
    brand: 'Alder Home',
    weight: 0.6,
    options: { kind: 'colour', colours: [SAGE, RUST, CREAM] },
  },
  {
    name: 'Chunky Knit Blanket',
    collection: 'home',
    price: '120.00',
    shape: 'bag',
    brand: 'Hearth',
    weight: 2.0,
    ribbon: 'Bestseller',
  },
  {
    name: 'Oak Wall Shelf',
    collection: 'home',
    price: '75.00',
    shape: 'book',
    brand: 'Alder Home',
    weight: 3.2,
  },
  {
    name: 'Ceramic Planter',
    collection: 'home',
    price: '32.00',
    shape: 'mug',
    brand: 'Hearth',
    weight: 1.1,
    options: { kind: 'colour', colours: [CREAM, SAGE] },
  },
  {
    name: 'Scented Soy Candle',
    collection: 'home',
    price: '26.00',
    shape: 'mug',
    brand: 'Hearth',
    weight: 0.35,
    options: { kind: 'choice', name: 'Scent', values: ['Cedar', 'Fig', 'Sea Salt'] },
  },
  {
    name: 'Woven Storage Basket',
    collection: 'home',
    price: '44.00',
    shape: 'bag',
    brand: 'Alder Home',
    weight: 0.9,
  },
  {
    name: 'Cotton Bath Towel Set',
    collection: 'home',
    price: '58.00',
    shape: 'book',
    brand: 'Hearth',
    weight: 1.6,
    ribbon: 'Sale',
    discount: { type: 'PERCENT', value: '15' },
  },
  {
    name: 'Walnut Picture Frame',
    collection: 'home',
    price: '29.00',
    shape: 'book',
    brand: 'Alder Home',
    weight: 0.7,
  },
  {
    name: 'Wool Area Rug',
    collection: 'home',
    price: '349.00',
    shape: 'book',
    brand: 'Hearth',
    weight: 9.5,
    stock: 'sold-out',
  },
  {
    name: 'Glass Carafe Set',
    collection: 'home',
    price: '36.00',
    shape: 'bottle',
    brand: 'Copperline',
    weight: 1.2,
  },
  // Kitchen
  {
    name: 'Enamel Coffee Mug',
    collection: 'kitchen',
    price: '16.00',
    shape: 'mug',
    brand: 'Copperline',
    weight: 0.3,
    options: { kind: 'colour', colours: [CREAM, NAVY, RUST] },
    ribbon: 'Bestseller',
  },
  {
    name: 'Cast Iron Skillet',
    collection: 'kitchen',
    price: '54.00',
    shape: 'pan',
    brand: 'Hearth',
    weight: 2.8,
    options: { kind: 'choice', name: 'Size', values: ['8 in', '10 in', '12 in'], step: '12.00' },
  },
  {
    name: "Chef's Knife 8 in",
    collection: 'kitchen',
    price: '119.00',
    shape: 'pan',
    brand: 'Copperline',
    weight: 0.25,
    ribbon: 'New',
  },
  {
    name: 'Bamboo Cutting Board',
    collection: 'kitchen',
    price: '34.00',
    shape: 'book',
    brand: 'Alder Home',
    weight: 1.3,
  },
  {
    name: 'Pour-Over Coffee Kettle',
    collection: 'kitchen',
    price: '68.00',
    shape: 'bottle',
    brand: 'Copperline',
    weight: 0.9,
  },
  {
    name: 'Stainless Mixing Bowls',
    collection: 'kitchen',
    price: '42.00',
    shape: 'pan',
    brand: 'Copperline',
    weight: 1.5,
    ribbon: 'Sale',
    discount: { type: 'AMOUNT', value: '7.50' },
  },
  {
    name: 'Ceramic Teapot',
    collection: 'kitchen',
    price: '48.00',
    shape: 'mug',
    brand: 'Hearth',
    weight: 1.0,
    stock: 'unavailable',
  },
  {
    name: 'Linen Apron',
    collection: 'kitchen',
    price: '36.00',
    shape: 'shirt',
    brand: 'Harbor & Pine',
    weight: 0.3,
    options: { kind: 'colour', colours: [OLIVE, RUST] },
  },
  {
    name: 'Olive Wood Spoon Set',
    collection: 'kitchen',
    price: '28.00',
    shape: 'pan',
    brand: 'Alder Home',
    weight: 0.4,
  },
  {
    name: 'Glass Storage Jars',
    collection: 'kitchen',
    price: '39.00',
    shape: 'bottle',
    brand: 'Copperline',
    weight: 2.1,
  },
  {
    name: 'Classic French Press',
    collection: 'kitchen',
    price: '45.00',
    shape: 'bottle',
    brand: 'Copperline',
    weight: 0.8,
    stock: 'tracked',
  },
  {
    name: 'Sourdough at Home (E-book)',
    collection: 'kitchen',
    price: '12.00',
    shape: 'book',
    brand: 'Hearth',
    weight: 0,
    digital: true,
    ribbon: 'New',
  },
  {
    name: 'Prototype Smart Mug',
    collection: 'kitchen',
    price: '79.00',
    shape: 'mug',
    brand: 'Copperline',
    weight: 0.4,
    hidden: true,
  },
  // Outdoor
  {
    name: 'Two-Person Dome Tent',
    collection: 'outdoor',
    price: '249.00',
    shape: 'tent',
    brand: 'Ridgeback',
    weight: 2.3,
    ribbon: 'Bestseller',
    staffPick: true,
  },
  {
    name: 'Ultralight Sleeping Bag',
    collection: 'outdoor',
    price: '189.00',
    shape: 'bag',
    brand: 'Ridgeback',
    weight: 0.9,
    options: { kind: 'choice', name: 'Length', values: ['Regular', 'Long'], step: '20.00' },
  },
  {
    name: 'Insulated Water Bottle',
    collection: 'outdoor',
    price: '32.00',
    shape: 'bottle',
    brand: 'Northwind',
    weight: 0.4,
    options: { kind: 'colour', colours: [SAGE, SKY, BLACK] },
  },
  {
    name: 'Carbon Trekking Poles',
    collection: 'outdoor',
    price: '89.00',
    shape: 'tent',
    brand: 'Ridgeback',
    weight: 0.5,
  },
  {
    name: 'Camp Cookset',
    collection: 'outdoor',
    price: '59.00',
    shape: 'pan',
    brand: 'Copperline',
    weight: 0.6,
    ribbon: 'Sale',
    discount: { type: 'PERCENT', value: '10' },
  },
  {
    name: 'Packable Rain Shell',
    collection: 'outdoor',
    price: '129.00',
    shape: 'sweater',
    brand: 'Northwind',
    weight: 0.3,
    options: { kind: 'apparel', colours: [OLIVE, NAVY] },
    ribbon: 'New',
  },
  {
    name: 'Rechargeable Headlamp',
    collection: 'outdoor',
    price: '39.00',
    shape: 'bottle',
    brand: 'Ridgeback',
    weight: 0.1,
  },
  {
    name: 'Folding Camp Chair',
    collection: 'outdoor',
    price: '69.00',
    shape: 'tent',
    brand: 'Ridgeback',
    weight: 1.9,
  },
  {
    name: '28L Daypack',
    collection: 'outdoor',
    price: '95.00',
    shape: 'bag',
    brand: 'Northwind',
    weight: 0.8,
    options: { kind: 'colour', colours: [RUST, BLACK] },
  },
  {
    name: 'Hammock with Straps',
    collection: 'outdoor',
    price: '55.00',
    shape: 'tent',
    brand: 'Ridgeback',
    weight: 0.7,
    stock: 'unavailable',
  },
  {
    name: 'Merino Hiking Socks',
    collection: 'outdoor',
    price: '22.00',
    shape: 'shoe',
    brand: 'Harbor & Pine',
    weight: 0.1,
    options: { kind: 'choice', name: 'Size', values: ['S', 'M', 'L'] },
  },
  {
    name: 'Alpine Trail Maps (Digital Pack)',
    collection: 'outdoor',
    price: '9.00',
    shape: 'book',
    brand: 'Ridgeback',
    weight: 0,
    digital: true,
  },
  // Accessories
  {
    name: 'Leather Card Wallet',
    collection: 'accessories',
    price: '48.00',
    shape: 'bag',
    brand: 'Cobble & Co.',
    weight: 0.08,
    ribbon: 'Bestseller',
  },
  {
    name: 'Canvas Tote Bag',
    collection: 'accessories',
    price: '29.00',
    shape: 'bag',
    brand: 'Fernleaf',
    weight: 0.3,
    options: { kind: 'colour', colours: [CREAM, NAVY] },
  },
  {
    name: 'Wool Beanie',
    collection: 'accessories',
    price: '26.00',
    shape: 'cap',
    brand: 'Northwind',
    weight: 0.1,
    options: { kind: 'colour', colours: [RUST, GREY, BLACK] },
  },
  {
    name: 'Aviator Sunglasses',
    collection: 'accessories',
    price: '119.00',
    shape: 'cap',
    brand: 'Fernleaf',
    weight: 0.05,
    ribbon: 'New',
  },
  {
    name: 'Full-Grain Leather Belt',
    collection: 'accessories',
    price: '58.00',
    shape: 'bag',
    brand: 'Cobble & Co.',
    weight: 0.25,
    options: { kind: 'waist' },
  },
  {
    name: 'Silk Scarf',
    collection: 'accessories',
    price: '75.00',
    shape: 'shirt',
    brand: 'Fernleaf',
    weight: 0.06,
    ribbon: 'Sale',
    discount: { type: 'PERCENT', value: '30' },
  },
  {
    name: 'Minimalist Watch',
    collection: 'accessories',
    price: '210.00',
    shape: 'cap',
    brand: 'Fernleaf',
    weight: 0.09,
    ribbon: 'Limited',
    stock: 'tracked',
  },
  {
    name: 'Six-Panel Baseball Cap',
    collection: 'accessories',
    price: '32.00',
    shape: 'cap',
    brand: 'Northwind',
    weight: 0.1,
    options: { kind: 'colour', colours: [NAVY, OLIVE] },
  },
  {
    name: 'Weekender Duffel',
    collection: 'accessories',
    price: '165.00',
    shape: 'bag',
    brand: 'Cobble & Co.',
    weight: 1.3,
  },
  {
    name: 'Compact Travel Umbrella',
    collection: 'accessories',
    price: '34.00',
    shape: 'tent',
    brand: 'Fernleaf',
    weight: 0.35,
  },
  {
    name: 'Brass Key Organizer',
    collection: 'accessories',
    price: '24.00',
    shape: 'bag',
    brand: 'Cobble & Co.',
    weight: 0.05,
  },
];

/** Per-collection copy for descriptions: an opening line and a pool of details. */
export const DESCRIPTION_COPY: Record<CollectionKey, { lead: string[]; details: string[] }> = {
  apparel: {
    lead: [
      'An easy staple cut for everyday wear.',
      'Soft, breathable and made to last for seasons.',
      'A modern fit that layers without bulk.',
    ],
    details: [
      'Pre-washed to minimise shrinkage',
      'Reinforced seams at stress points',
      'Responsibly sourced fibres',
      'Machine wash cold, hang to dry',
      'Tag-free neck label',
      'Garment-dyed for a lived-in colour',
    ],
  },
  shoes: {
    lead: [
      'Cushioned from the first step.',
      'A versatile pair for miles of wear.',
      'Classic lines with a comfortable, modern footbed.',
    ],
    details: [
      'Removable cushioned insole',
      'Grippy rubber outsole',
      'Breathable lining',
      'Resoleable construction',
      'True to size',
      'Padded heel collar',
    ],
  },
  home: {
    lead: [
      'A calm, tactile piece for any room.',
      'Made in small batches by skilled makers.',
      'Simple forms that work with what you already own.',
    ],
    details: [
      'Natural, untreated materials',
      'Each piece varies slightly',
      'Ships fully assembled',
      'Wipe clean with a damp cloth',
      'Designed to age beautifully',
      'Packaged plastic-free',
    ],
  },
  kitchen: {
    lead: [
      'A workhorse for the everyday kitchen.',
      'Built for heat, weight and years of use.',
      'Thoughtful details for cooks of every level.',
    ],
    details: [
      'Dishwasher safe',
      'Works on induction and gas',
      'Food-safe finish',
      'Balanced, comfortable grip',
      'Stacks neatly to save space',
      'Lifetime warranty',
    ],
  },
  outdoor: {
    lead: [
      'Light enough to forget, tough enough to rely on.',
      'Tested on long weekends and longer trails.',
      'Packs small and sets up fast.',
    ],
    details: [
      'Weatherproof materials',
      'Packs into its own pocket',
      'Reflective details for low light',
      'Repair kit included',
      'Recycled fabrics',
      'Two-year warranty',
    ],
  },
  accessories: {
    lead: [
      'A small upgrade you will use every day.',
      'Understated and built to be carried for years.',
      'The finishing touch for any outfit.',
    ],
    details: [
      'Vegetable-tanned leather',
      'Solid brass hardware',
      'Fits in a jacket pocket',
      'Gift box included',
      'Hand-finished edges',
      'Water-resistant finish',
    ],
  },
};
