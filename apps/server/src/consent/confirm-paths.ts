/** The page a confirmation link opens, and where its button posts. */
export const CONFIRM_PAGE_PATH = '/confirm-subscription';
export const CONFIRM_API_PATH = '/api/confirm-subscription';
