// The guest page's names for its sections, shared with the texts that point to them (issue 28 §12).
export const VISITORS_SECTION_TITLE = 'Recuerdos compartidos por otros';
