/** Below this width screens switch to their phone layout (tables become cards, actions become icons). */
export const PHONE_QUERY = '(max-width: 767.98px)';
