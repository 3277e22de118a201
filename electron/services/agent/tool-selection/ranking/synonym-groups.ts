/**
 * Words people use for the same thing tools name differently (a request says "folder", the tool
 * says "directory"). Data only: each group is matched both ways, after stemming. Tuned only on the
 * training half of `bench/tool-selection/labelled-requests.ts`, never on the held-out half.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['folder', 'directory', 'dir'],
  ['meeting', 'event', 'calendar', 'appointment', 'schedule', 'agenda', 'standup'],
  ['mail', 'email', 'inbox', 'message'],
  ['ticket', 'issue', 'bug'],
  ['repo', 'repository'],
  ['photo', 'picture', 'image'],
  ['occurrence', 'appear', 'search', 'find', 'grep'],
  ['delete', 'remove'],
  ['rename', 'move'],
  ['chat', 'slack'],
  ['comment', 'note', 'remark'],
  ['postpone', 'reschedule', 'delay', 'change', 'update'],
  ['latest', 'recent', 'lately', 'newest'],
  // Verbs a request uses for what tool names call create, list, edit, download...
  ['create', 'make', 'new'],
  ['show', 'list', 'display', 'view'],
  ['delete', 'cancel', 'drop'],
  ['download', 'fetch', 'grab'],
  ['reply', 'answer', 'respond'],
  ['merge', 'combine'],
  ['resize', 'shrink', 'enlarge'],
  ['compress', 'zip', 'gzip'],
  ['log', 'record', 'track'],
  // Everyday words for the other words of tool names (each name word of the catalogue looked up once)
  ['append', 'add', 'insert'],
  ['chart', 'graph', 'plot', 'diagram'],
  ['complete', 'done', 'finish', 'tick'],
  ['convert', 'transform'],
  ['erase', 'delete', 'wipe', 'trash', 'discard'],
  ['describe', 'schema', 'column', 'field', 'structure'],
  ['diff', 'difference'],
  ['document', 'doc'],
  ['draft', 'compose'],
  ['echo', 'repeat'],
  ['explain', 'slow', 'performance', 'optimize'],
  ['invitation', 'invite', 'rsvp'],
  ['page', 'wiki'],
  ['post', 'announce', 'publish'],
  ['range', 'cell'],
  ['read', 'open'],
  ['review', 'approve'],
  ['row', 'entry'],
  ['run', 'execute', 'launch'],
  ['screenshot', 'capture', 'snapshot'],
  ['share', 'access', 'permission'],
  ['sort', 'arrange'],
  ['stash', 'shelve'],
  ['status', 'state', 'progress'],
  ['stop', 'halt', 'kill', 'shutdown'],
  ['unread', 'unseen'],
  ['work', 'hour'],
  // Nouns of everyday services
  ['customer', 'client', 'contact'],
  ['payment', 'charge', 'transaction', 'paid'],
  ['deal', 'opportunity', 'sale', 'lead'],
  ['invoice', 'bill'],
  ['cost', 'spend', 'price', 'bill', 'billing'],
  ['spreadsheet', 'sheet', 'excel', 'workbook'],
  ['database', 'db'],
  ['pod', 'kubernetes', 'k8s', 'cluster', 'namespace'],
  ['place', 'restaurant', 'shop', 'pharmacy', 'cafe', 'nearby', 'near'],
  ['direction', 'route', 'travel', 'commute', 'transit', 'walk'],
  ['translate', 'language', 'french', 'german', 'spanish', 'italian', 'japanese', 'chinese', 'english'],
  ['summary', 'summarize', 'tldr', 'gist', 'condense'],
  ['news', 'feed', 'rss', 'blog'],
  ['free', 'available', 'busy'],
  ['ci', 'build', 'pipeline', 'workflow'],
  ['recognize', 'ocr', 'scan'],
  // Arithmetic in words: a request says "multiplied" or "sum", a calculator says "math expression".
  [
    'math',
    'arithmetic',
    'calculate',
    'compute',
    'multiply',
    'multiplied',
    'product',
    'sum',
    'total',
    'plus',
    'minus',
    'subtract',
    'divide',
    'divided',
    'percent',
    'percentage',
    'squared',
    'sqrt',
    'root',
    'power',
    'exponent',
    'average',
    'tip',
  ],
  ['remember', 'remind', 'memory', 'recall', 'jot'],
  ['date', 'today', 'weekday'],
  ['weather', 'forecast', 'temperature', 'warm', 'cold', 'hot', 'rain', 'snow', 'sunny', 'wind', 'umbrella'],
  ['currency', 'money', 'exchange', 'dollar', 'euro', 'pound', 'yen', 'franc', 'usd', 'eur', 'gbp'],
];

/**
 * Words whose stem would make them another word ("times" → "time", as in the clock): their own
 * synonyms are looked up before stemming, and the stemmed word is kept as well.
 */
export const WHOLE_WORD_SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map([['times', ['math', 'arithmetic']]]);

/**
 * Phrases and symbols rewritten in a request (and, for phrases, in the tools' text) before it is
 * cut into words: a phrase reads as one word, a symbol as the word it stands for.
 */
export const PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\bto-?do\b/gi, ' todo '],
  [/\bpush(ed|ing)? (\w+ )?back\b/gi, ' postpone '],
  [/\bpull requests?\b/gi, ' pullrequest '],
  [/\bPRs?\b/g, ' pullrequest '],
];

/** Symbols in a request only (a tool's own examples, "(12.5 * 4) / 3", must not read as the clock's "times"). */
export const QUERY_SYMBOLS: readonly (readonly [RegExp, string])[] = [
  [/%/g, ' percent '],
  [/(\d\s*)[*×x](\s*\d)/g, '$1 times $2'],
  [/(\d\s*)\+(\s*\d)/g, '$1 plus $2'],
  [/(\d\s*)\^(\s*\d)/g, '$1 power $2'],
  [/√/g, ' sqrt '],
  // A web address reads as one; a file name with its extension ("notes/todo.txt") as a file.
  [/\bhttps?:\/\/\S+/gi, ' url '],
  [/(^|[\s"'(])[\w./-]*\w\.[a-z][a-z0-9]{0,4}\b(?![./\w])/gi, '$& file '],
];
