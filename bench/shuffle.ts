/** Fisher-Yates, in place: a fleet's reporting order for one round. */
export const shuffle = (items: number[], random: () => number = Math.random): void => {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
};
