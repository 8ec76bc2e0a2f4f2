import type { TFunction } from 'i18next';

/** "pickup" → the translated "Pickup" (key categoryPickup). */
export const categoryLabel = (t: TFunction, category: string) => t(`category${category.charAt(0).toUpperCase()}${category.slice(1)}`);
