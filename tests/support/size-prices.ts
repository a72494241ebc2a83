import type { SizePrices } from "~/features/catalog/product-pricing";

/** A sample sign's prices and MRPs per size, as the unit tests price it: no Large size. */
export const SAMPLE_SIZE_PRICES: SizePrices = {
  smallPrice: 1499,
  smallMrp: 2099,
  mediumPrice: 2499,
  mediumMrp: 3499,
  largePrice: null,
  largeMrp: null,
  extraLargePrice: 5499,
  extraLargeMrp: 7699,
};
