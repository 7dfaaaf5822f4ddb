/** Every query key of the ratings feature, widest first, so a new rating refreshes every list of them. */
export const ratingKeys = {
  all: ['ratings'] as const,
  lawyer: (lawyerId: string) => [...ratingKeys.all, 'lawyer', lawyerId] as const,
  user: (userId: string) => [...ratingKeys.all, 'user', userId] as const,
};
