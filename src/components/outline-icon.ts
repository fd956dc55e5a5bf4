// Tabler's outline icons repeat five drawing attributes on every <svg> (about 110 bytes each; some
// twenty icons on every signed-in page, whose HTML the owner's subscription page must keep under
// 60 KB: issue 24 item 11). Spread into an icon's props, these leave them out; src/app/icons.css
// draws an outline icon without a fill attribute exactly as the attributes did.
export const OUTLINE_IN_CSS = { xmlns: undefined, fill: undefined, strokeWidth: undefined, strokeLinecap: undefined, strokeLinejoin: undefined } as const;
