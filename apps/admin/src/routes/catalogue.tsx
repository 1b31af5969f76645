import type { RouteObject } from 'react-router';
import { entityRoutes } from '../components/entity-kit.tsx';
import { SectionNav } from '../components/section-nav.tsx';
import { CatalogueCsv } from './catalogue-csv.tsx';
import { collectionSpec } from './collections.tsx';
import { customizationSpec } from './customizations.tsx';
import {
  Inventory,
  InventoryItemPage,
  inventoryAction,
  inventoryItemAction,
  inventoryItemLoader,
  inventoryLoader,
} from './inventory.tsx';
import { brandSpec, infoSectionSpec, ribbonSpec } from './merchandising.tsx';
import { ProductEdit, productEditAction, productEditLoader } from './product-edit.tsx';
import { ProductNew, productNewAction, productNewLoader } from './product-new.tsx';
import { Products, productsAction, productsLoader } from './products.tsx';

// The catalogue screens: one route of main.tsx, with the catalogue's own navigation above its pages.

const SECTIONS = [
  ['/products', 'Products'],
  ['/collections', 'Collections'],
  ['/inventory', 'Inventory'],
  ['/brands', 'Brands'],
  ['/ribbons', 'Ribbons'],
  ['/customizations', 'Customizations'],
  ['/info-sections', 'Info sections'],
  ['/catalogue-csv', 'Import and export'],
] as const;

function CatalogueSection() {
  return <SectionNav label="Catalogue" links={SECTIONS} />;
}

export const catalogueSection: RouteObject = {
  Component: CatalogueSection,
  children: [
    { path: 'products', loader: productsLoader, action: productsAction, Component: Products },
    { path: 'products/new', loader: productNewLoader, action: productNewAction, Component: ProductNew },
    {
      path: 'products/:productId',
      loader: productEditLoader,
      action: productEditAction,
      Component: ProductEdit,
    },
    ...entityRoutes(collectionSpec),
    { path: 'inventory', loader: inventoryLoader, action: inventoryAction, Component: Inventory },
    {
      path: 'inventory/:itemId',
      loader: inventoryItemLoader,
      action: inventoryItemAction,
      Component: InventoryItemPage,
    },
    ...entityRoutes(brandSpec),
    ...entityRoutes(ribbonSpec),
    ...entityRoutes(customizationSpec),
    ...entityRoutes(infoSectionSpec),
    { path: 'catalogue-csv', Component: CatalogueCsv },
  ],
};
