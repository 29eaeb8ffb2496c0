// Usage: node test/e2e/tools/set-manifest.js  (rewrites package.json keys owned by the client side:
// activationEvents, contributes, capabilities, icon, galleryBanner; leaves every other key as it is)
// Sets only the manifest keys the client side owns.
const fs = require('fs');
const f = require('path').resolve(__dirname, '../../../package.json');
const p = JSON.parse(fs.readFileSync(f, 'utf8'));
const palette = [
  ['#4FC1FF', '#0065B3'], ['#F0A050', '#B35900'], ['#89D185', '#2E7D32'], ['#C586C0', '#8E24AA'],
  ['#E5C07B', '#8A6D00'], ['#B5BD68', '#5F6B00'], ['#4EC9B0', '#00796B'], ['#FF8FD0', '#AD1457'],
];
const colors = palette.map(([dark, light], i) => ({
  id: `threadline.thread${i}`,
  description: i === 0 ? 'Color of the main thread in Threadline views.' : `Color of the thread with palette index ${i} in Threadline views.`,
  defaults: { dark, light, highContrast: dark, highContrastLight: light },
}));
const cmd = (command, title, icon, extra = {}) => ({ command, title, category: 'Threadline', ...(icon ? { icon } : {}), ...extra });
const active = 'threadline.active';
p.activationEvents = ['onLanguage:python', 'workspaceContains:**/threadline.json'];
p.icon = 'media/icon.png';
p.galleryBanner = { color: '#1E1E2E', theme: 'dark' };
p.capabilities = {
  untrustedWorkspaces: { supported: 'limited', description: 'Threadline never runs workspace code. In untrusted workspaces the settings that make it read outside the workspace or run a pattern from the workspace (threadline.extraRoots, threadline.statusPattern) keep their user values.', restrictedConfigurations: ['threadline.extraRoots', 'threadline.statusPattern'] },
  virtualWorkspaces: { supported: false, description: 'Threadline reads the Python files of the workspace from disk to follow calls across files.' },
};
p.contributes = {
  viewsContainers: { activitybar: [{ id: 'threadline', title: 'Threadline', icon: 'media/threadline.svg' }] },
  views: {
    threadline: [
      { id: 'threadline.threads', name: 'Threads & Methods', icon: 'media/threadline.svg', contextualTitle: 'Threadline' },
      { id: 'threadline.state', name: 'Shared State', icon: 'media/threadline.svg', contextualTitle: 'Threadline' },
    ],
  },
  viewsWelcome: [
    { view: 'threadline.threads', when: '!threadline.hasPythonEditor',
      contents: 'Open a Python file to see its classes and methods, each tagged with the thread(s) it runs on.\n[Open File](command:workbench.action.quickOpen)' },
    { view: 'threadline.state', when: '!threadline.hasPythonEditor',
      contents: 'Open a Python file to see the shared dicts and sets of its classes, with every read and write, including those made through helper methods.' },
  ],
  commands: [
    cmd('threadline.findStatusWrites', 'Find All Status Writes', '$(edit)'),
    cmd('threadline.findAccesses', 'Find All Accesses', '$(references)'),
    cmd('threadline.showThreadMap', 'Show Thread Map', '$(type-hierarchy)'),
    cmd('threadline.refresh', 'Refresh', '$(refresh)'),
    cmd('threadline.showLogs', 'Show Logs', '$(output)'),
    cmd('threadline.groupByThread', 'Group by Thread', '$(list-tree)'),
    cmd('threadline.groupByClass', 'Group by Class', '$(symbol-class)'),
  ],
  menus: {
    commandPalette: [
      { command: 'threadline.findStatusWrites', when: active },
      { command: 'threadline.findAccesses', when: active },
      { command: 'threadline.showThreadMap', when: `${active} && threadline.hasPythonEditor` },
      { command: 'threadline.refresh', when: active },
      { command: 'threadline.showLogs', when: active },
      { command: 'threadline.groupByThread', when: `${active} && threadline.hasPythonEditor && !threadline.groupedByThread` },
      { command: 'threadline.groupByClass', when: `${active} && threadline.hasPythonEditor && threadline.groupedByThread` },
    ],
    'view/title': [
      { command: 'threadline.groupByThread', when: 'view == threadline.threads && !threadline.groupedByThread', group: 'navigation@1' },
      { command: 'threadline.groupByClass', when: 'view == threadline.threads && threadline.groupedByThread', group: 'navigation@1' },
      { command: 'threadline.refresh', when: 'view == threadline.threads || view == threadline.state', group: 'navigation@9' },
      { command: 'threadline.findStatusWrites', when: 'view == threadline.state', group: 'navigation@2' },
      { command: 'threadline.showLogs', when: 'view == threadline.threads || view == threadline.state', group: '9_logs' },
    ],
    'view/item/context': [
      { command: 'threadline.findStatusWrites', when: 'view == threadline.state && viewItem == threadline.container', group: 'inline@1' },
      { command: 'threadline.findAccesses', when: 'view == threadline.state && viewItem == threadline.container', group: 'inline@2' },
      { command: 'threadline.findStatusWrites', when: 'view == threadline.state && viewItem == threadline.container', group: 'navigation@1' },
      { command: 'threadline.findAccesses', when: 'view == threadline.state && viewItem == threadline.container', group: 'navigation@2' },
    ],
    'editor/context': [
      { command: 'threadline.findStatusWrites', when: 'editorLangId == python', group: '0_navigation@90' },
      { command: 'threadline.findAccesses', when: 'editorLangId == python', group: '0_navigation@91' },
    ],
  },
  colors,
  configuration: {
    title: 'Threadline',
    properties: {
      'threadline.mainThread': { type: 'string', default: 'main', scope: 'resource',
        description: 'Name of the thread that runs module code and everything not started on another thread (the scheduler, request handlers, …).' },
      'threadline.threads': { type: 'object', default: {}, scope: 'resource', additionalProperties: { type: 'string' },
        markdownDescription: 'Extra thread entry points: a qualname glob mapped to a thread name, e.g. `{ "Scheduler.event_loop*": "scheduler" }`. Same as `threads` in `threadline.json`.' },
      'threadline.statusPattern': { type: 'string', default: 'status|state', scope: 'resource',
        markdownDescription: 'Case-insensitive regular expression: containers whose name matches are offered first by **Threadline: Find All Status Writes**.' },
      'threadline.diagnostics.enabled': { type: 'boolean', default: true, scope: 'resource',
        description: 'Report findings (containers written on several threads with no common lock, check-then-act across threads, …) as diagnostics.' },
      'threadline.diagnostics.severity': { type: 'string', default: 'Warning', enum: ['Error', 'Warning', 'Information', 'Hint'], scope: 'resource',
        description: 'Severity of Threadline diagnostics.' },
      'threadline.inlayHints.enabled': { type: 'boolean', default: true, scope: 'resource',
        description: 'Show the thread names a function runs on as inlay hints at its def line.' },
      'threadline.include': { type: 'array', items: { type: 'string' }, default: ['**/*.py'], scope: 'resource',
        description: 'Glob patterns (relative to the workspace folder) of the Python files to index.' },
      'threadline.exclude': { type: 'array', items: { type: 'string' },
        default: ['**/.git/**', '**/.venv/**', '**/venv/**', '**/node_modules/**', '**/__pycache__/**', '**/site-packages/**'], scope: 'resource',
        description: 'Glob patterns of files and folders never indexed.' },
      'threadline.extraRoots': { type: 'array', items: { type: 'string' }, default: [], scope: 'resource',
        description: 'Extra folders to resolve imports from (like PYTHONPATH entries), absolute or relative to the workspace folder.' },
      'threadline.maxFileSize': { type: 'number', default: 2000000, minimum: 0, scope: 'resource',
        description: 'Python files larger than this many bytes are indexed by their skeleton only (classes and defs, no accesses), and say so in the log.' },
      'threadline.maxOpenTrees': { type: 'number', default: 16, minimum: 1, scope: 'window',
        description: 'Parse trees kept for open Python files, most recently edited first, so an edit reparses incrementally. A file whose tree was dropped is parsed in full at its next edit.' },
      'threadline.trace.server': { type: 'string', default: 'off', enum: ['off', 'messages', 'verbose'], scope: 'window',
        enumDescriptions: ['No tracing.', 'Trace the messages between VS Code and the Threadline server.', 'Trace the messages with their parameters and results.'],
        description: 'Traces the communication between VS Code and the Threadline language server into the Threadline log.' },
    },
  },
  grammars: [{ scopeName: 'threadline.annotation.injection', path: './syntaxes/threadline-annotation.tmLanguage.json', injectTo: ['source.python'] }],
};
fs.writeFileSync(f, JSON.stringify(p, null, 2) + '\n');
