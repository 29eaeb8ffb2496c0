// Python names the engine knows the meaning of: container constructors and annotations,
// lock and executor types, container methods that read or write.

/** Constructor (canonical dotted name or builtin) → container type. */
export const CONTAINER_CONSTRUCTORS: Record<string, string> = {
  dict: 'dict', set: 'set', list: 'list',
  'collections.defaultdict': 'defaultdict', 'collections.OrderedDict': 'OrderedDict',
  'collections.Counter': 'Counter', 'collections.deque': 'deque', 'collections.ChainMap': 'ChainMap',
  'weakref.WeakValueDictionary': 'WeakValueDictionary', 'weakref.WeakKeyDictionary': 'WeakKeyDictionary',
  'weakref.WeakSet': 'WeakSet', '_weakrefset.WeakSet': 'WeakSet',
  'typing.DefaultDict': 'defaultdict', 'typing.OrderedDict': 'OrderedDict',
};

/** Annotation head → container type. */
export const CONTAINER_ANNOTATIONS: Record<string, string> = {
  dict: 'dict', Dict: 'dict', Mapping: 'dict', MutableMapping: 'dict', DefaultDict: 'defaultdict',
  defaultdict: 'defaultdict', OrderedDict: 'OrderedDict', Counter: 'Counter', ChainMap: 'ChainMap',
  set: 'set', Set: 'set', MutableSet: 'set', list: 'list', List: 'list', MutableSequence: 'list',
  deque: 'deque', Deque: 'deque', WeakValueDictionary: 'WeakValueDictionary', WeakKeyDictionary: 'WeakKeyDictionary',
  WeakSet: 'WeakSet',
};

export const LOCK_CONSTRUCTORS = new Set([
  'threading.Lock', 'threading.RLock', 'threading.Condition', 'threading.Semaphore', 'threading.BoundedSemaphore',
  '_thread.allocate_lock', '_thread.LockType', '_thread.RLock', 'threading._allocate_lock', 'threading._RLock',
  'multiprocessing.Lock', 'multiprocessing.RLock', 'multiprocessing.Condition', 'multiprocessing.Semaphore',
  'multiprocessing.BoundedSemaphore', 'asyncio.Lock', 'asyncio.Condition', 'asyncio.Semaphore', 'asyncio.BoundedSemaphore',
]);

/** Semaphores: a lock only when made with a count of 1 (the default); with another count
 *  (`Semaphore(4)`, a signal's `Semaphore(0)`) acquiring one excludes no other thread. */
export const SEMAPHORE_CONSTRUCTORS = new Set(['threading.Semaphore', 'threading.BoundedSemaphore', 'multiprocessing.Semaphore', 'multiprocessing.BoundedSemaphore', 'asyncio.Semaphore', 'asyncio.BoundedSemaphore']);

/** Classes whose instances' attributes are each thread's own (`threading.local`). */
export const THREAD_LOCAL_BASES = ['threading.local', '_thread._local', '_threading_local.local'];

/** A dotted name (`self._cache`, `threading.Lock`). */
export const DOTTED_NAME = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/;

/** A held "lock" that is a join: `t.join()` in a function, then the statements after it hold
 *  `<joined>t`, and every access of the thread started as `t` (single instance) holds it too
 *  (ThreadEntry.joinedBy): the two are ordered, never a race. Never shown as a lock. */
export const JOINED = '<joined>';

/** A mark of what precedes a start: in a function, each call and access holds
 *  `<started>module:qualname#k`, k the rank of the first start in no loop after it; the thread
 *  a start makes, where that is its one start and the function runs once from one place, has
 *  its own rank (ThreadEntry.startedAfter), and an access holding a mark of rank at most that
 *  is ordered before the thread (findings' startOrdered). Never shown as a lock, nor shared as
 *  one between two sides. */
export const STARTED = '<started>';

/** A mark of what a module's import does: main's accesses in what only its top-level calls
 *  before its first thread start, outside an `if __name__ == "__main__":` block, reach
 *  (CallSite.atImport, Findings.importOnly). It precedes every thread not started at import
 *  (ThreadEntry.atImport; findings' racesOf). Never shown as a lock. */
export const IMPORTED = '<imported>';

/** A submitted task's future, done: its task holds `<done>fut` on every access, and so does a
 *  callback `fut.add_done_callback(cb)` runs, which runs once the task has returned (not what
 *  follows `fut.result()`: waiters may wake before the callbacks run). Never shown as a lock. */
export const DONE = '<done>';

/** An ordering "lock" (a join's, a start's, an import's or a future's), not a lock. */
export const isOrdering = (l: string): boolean => l.startsWith(JOINED) || l.startsWith(STARTED) || l === IMPORTED || l.startsWith(DONE);

/** A thread object kept as an element of a list (`threads = [Thread(…) for …]`,
 *  `threads.append(t)`): its binding is the list's name with this suffix (`threads[]`), and a
 *  `for t in threads: t.join()` loop, with no way out of it before the join, holds
 *  `<joined>threads[]` for the statements after it. */
export const EACH_JOINED = '[]';

/** A name that reads as a lock, for locks whose binding the engine cannot see. */
export const LOCK_NAME = /(^|_)(lock|rlock|mutex|mtx|cond|cv|condition|sem|semaphore)s?$|lock$/i;

/** Executors whose `with` exit shuts them down waiting for their tasks (multiprocessing's
 *  pools terminate theirs). */
export const THREAD_POOL_EXECUTORS = new Set(['concurrent.futures.ThreadPoolExecutor', 'concurrent.futures.thread.ThreadPoolExecutor']);

export const EXECUTOR_CONSTRUCTORS: Record<string, 'thread' | 'process'> = {
  'concurrent.futures.ThreadPoolExecutor': 'thread', 'concurrent.futures.thread.ThreadPoolExecutor': 'thread',
  'concurrent.futures.ProcessPoolExecutor': 'process', 'concurrent.futures.process.ProcessPoolExecutor': 'process',
  'multiprocessing.Pool': 'process', 'multiprocessing.pool.Pool': 'process',
  'multiprocessing.pool.ThreadPool': 'thread', 'multiprocessing.dummy.Pool': 'thread',
};

export const EXECUTOR_METHODS = new Set(['submit', 'map', 'apply', 'apply_async', 'map_async', 'imap', 'imap_unordered', 'starmap', 'starmap_async']);
export const EXECUTOR_MANY = new Set(['map', 'map_async', 'imap', 'imap_unordered', 'starmap', 'starmap_async']);

export const THREAD_CONSTRUCTORS = new Set(['threading.Thread']);
/** Queues threads hand objects through: what is put on one, its get() hands out, the same
 *  object (AttrInfo.queued). Not multiprocessing's: its items are copies. */
export const QUEUE_CONSTRUCTORS = new Set(['queue.Queue', 'queue.LifoQueue', 'queue.PriorityQueue', 'queue.SimpleQueue', 'asyncio.Queue', 'asyncio.LifoQueue', 'asyncio.PriorityQueue']);
/** A deque's appends and pops at either end: thread-safe (the documentation says so), so two of
 *  them never race; anything else on it (iteration, `len`, indexing) still does. */
export const DEQUE_ATOMIC_OPS = new Set(['append', 'appendleft', 'pop', 'popleft']);
/** What takes one item out of a queue or container (a queue's `get`, `send, close =
 *  self._cache.pop(key)`; `d[k]` is `d.__getitem__`): what was put on it, or an item of the
 *  tuples added to it. */
export const ITEM_GETTERS = new Set(['get', 'get_nowait', 'pop', 'popleft', '__getitem__']);
/** Thread objects threading.py makes for threads already running (the main thread, one it did
 *  not start): never started, their run() is no thread's. Seen only with threading.py analyzed. */
export const THREAD_STAND_INS = new Set(['threading._MainThread', 'threading._DummyThread']);
export const TIMER_CONSTRUCTORS = new Set(['threading.Timer']);
/** Servers that handle each request on a thread of its own: `ThreadingTCPServer(addr, Handler)`
 *  runs Handler's methods on a new thread per request (ThreadStart.handler). */
export const THREADING_SERVERS = new Set(['socketserver.ThreadingTCPServer', 'socketserver.ThreadingUDPServer',
  'socketserver.ThreadingUnixStreamServer', 'socketserver.ThreadingUnixDatagramServer', 'http.server.ThreadingHTTPServer']);
/** Servers that handle one request at a time, on the thread calling `serve_forever()` or
 *  `handle_request()` (SERVE_METHODS). */
export const PLAIN_SERVERS = new Set(['socketserver.TCPServer', 'socketserver.UDPServer', 'socketserver.UnixStreamServer',
  'socketserver.UnixDatagramServer', 'http.server.HTTPServer']);
export const SERVE_METHODS = new Set(['serve_forever', 'handle_request']);
/** The attribute a call site names to run a handler object's request methods (HANDLER_METHODS
 *  and `do_*`): `server.handle_request()` on a plain server, as `<call:Handler>.<handler>`. */
export const HANDLER_CALL = '<handler>';
/** Bases that make a server handle each request on a thread of its own (`ThreadingMixIn`). */
export const THREADING_SERVER_BASES = ['socketserver.ThreadingMixIn', ...THREADING_SERVERS];
/** What a request handler runs per request: BaseRequestHandler's `__init__` calls setup, handle
 *  and finish; BaseHTTPRequestHandler's handle calls the `do_<COMMAND>` methods. */
export const HANDLER_METHODS = ['__init__', 'setup', 'handle', 'finish'];
/** io's base classes, whose `__exit__` calls the object's `close()` (`with Pipe() as p:` on a
 *  subclass overriding close runs it when the block is left). */
export const IO_BASES = ['io.IOBase', 'io.RawIOBase', 'io.BufferedIOBase', 'io.TextIOBase', '_io._IOBase', '_io._RawIOBase', '_io._BufferedIOBase', '_io._TextIOBase'];
/** What ThreadingMixIn's request thread calls on the server (`process_request_thread`, then
 *  `finish_request`, `handle_error` on a failure, `shutdown_request` → `close_request`). */
export const SERVER_REQUEST_METHODS = ['process_request_thread', 'finish_request', 'handle_error', 'shutdown_request', 'close_request'];
export const START_NEW_THREAD = new Set(['_thread.start_new_thread', '_thread.start_new', 'thread.start_new_thread']);
export const PROCESS_CONSTRUCTORS = new Set(['multiprocessing.Process', 'multiprocessing.context.Process']);
export const TO_THREAD = new Set(['asyncio.to_thread']);
/** An asyncio event loop's methods that run a callback on the loop's thread, by the index of
 *  the callback among their arguments (`loop.call_soon_threadsafe(cb, *args)`, `call_later(
 *  delay, cb, *args)`). */
export const LOOP_SCHEDULERS = new Map([['call_soon_threadsafe', 0], ['call_soon', 0], ['call_later', 1], ['call_at', 1]]);
/** A coroutine handed to a loop running on another thread: `(coro, loop)`. */
export const RUN_COROUTINE_THREADSAFE = new Set(['asyncio.run_coroutine_threadsafe']);
/** An event loop's methods that run it, on the calling thread. */
export const LOOP_RUNNERS = new Set(['run_forever', 'run_until_complete']);
export const PARTIAL = new Set(['functools.partial']);

/** Container methods that only read. */
export const READ_METHODS = new Set(['get', 'items', 'keys', 'values', 'copy', 'count', 'index', '__contains__',
  '__getitem__', '__len__', '__iter__', 'issubset', 'issuperset', 'isdisjoint', 'union', 'intersection',
  'difference', 'symmetric_difference', 'most_common', 'elements', 'total']);

/** Container methods that write; the key is their first argument where one is named here. */
export const WRITE_METHODS = new Set(['pop', 'popitem', 'setdefault', 'update', 'clear', 'add', 'discard',
  'remove', 'append', 'extend', 'insert', 'appendleft', 'popleft', 'extendleft', 'rotate', 'sort', 'reverse',
  '__setitem__', '__delitem__', 'subtract', 'intersection_update', 'difference_update',
  'symmetric_difference_update', 'move_to_end']);
export const KEYED_WRITES = new Set(['pop', 'setdefault', '__setitem__', '__delitem__', 'move_to_end', 'discard', 'remove', 'add']);
export const VALUED_WRITES = new Set(['setdefault', '__setitem__']);
export const ARG_VALUE_WRITES = new Set(['update', 'append', 'extend', 'appendleft', 'extendleft', 'insert', 'add', 'subtract']);

/** Methods of str, bytes and regex matches and patterns: `line.split()`, `m.group(1)`. A call
 *  of one on a receiver of unknown type is taken for the builtin's, never guessed by name to an
 *  analyzed method (`str.split` made `FoldedCase.split` run on every thread that split a line).
 *  (`match`, `search` and `sub` too: on an object of unknown type they are a pattern's far more
 *  often than a method of one's own. `end` is not here: users give their own methods that name.) */
export const BUILTIN_VALUE_METHODS = new Set(['capitalize', 'casefold', 'center', 'endswith', 'expandtabs', 'find',
  'format_map', 'isalnum', 'isalpha', 'isascii', 'isdecimal', 'isdigit', 'isidentifier', 'islower', 'isnumeric',
  'isprintable', 'isspace', 'istitle', 'isupper', 'ljust', 'lower', 'lstrip', 'partition', 'removeprefix', 'removesuffix',
  'replace', 'rfind', 'rindex', 'rjust', 'rpartition', 'rsplit', 'rstrip', 'split', 'splitlines', 'startswith', 'strip',
  'swapcase', 'title', 'translate', 'upper', 'zfill', 'hex', 'group', 'groups', 'groupdict', 'span', 'expand',
  'findall', 'finditer', 'fullmatch', 'subn', 'sub', 'search', 'match', 'scanner', 'fromhex', 'maketrans', 'end']);

/** Builtin types: `dict.fromkeys(…)`, `str.join(…)` call no analyzed method, so their method
 *  names are never guessed (unless the module binds the name itself). */
export const BUILTIN_TYPES = new Set(['dict', 'list', 'set', 'frozenset', 'tuple', 'str', 'bytes', 'bytearray', 'int',
  'float', 'complex', 'bool', 'object', 'type', 'memoryview', 'range', 'slice', 'property', 'classmethod', 'staticmethod']);

/** Builtins that read the whole container passed to them. */
export const READING_BUILTINS = new Set(['len', 'next', 'list', 'sorted', 'dict', 'set', 'tuple', 'frozenset', 'any', 'all',
  'sum', 'max', 'min', 'iter', 'bool', 'enumerate', 'reversed', 'zip', 'map', 'filter', 'repr', 'str', 'print']);

/** Calls that iterate what they are given before they return: a generator passed to them
 *  runs its body there (`list(self._items())`, `''.join(gen())`, `d.update(pairs())`). */
export const CONSUMING_CALLS = new Set(['list', 'tuple', 'set', 'frozenset', 'sorted', 'dict', 'sum', 'any', 'all', 'min', 'max',
  'next', 'join', 'extend', 'update', 'extendleft', 'deque', 'OrderedDict', 'Counter']);
/** Methods that iterate the container they are given (`snap.update(self._hot)`,
 *  `out.extend(items)`, `", ".join(names)`): a read of all of it. */
export const ITERATING_METHODS = new Set(['update', 'extend', 'extendleft', 'join', 'union', 'intersection', 'difference', 'symmetric_difference',
  'issubset', 'issuperset', 'isdisjoint', 'intersection_update', 'difference_update', 'symmetric_difference_update', 'fromkeys', 'writelines']);

/** Functions that change the container passed as their first argument. */
export const MUTATING_FUNCTIONS = new Set(['heapq.heappush', 'heapq.heappop', 'heapq.heapify', 'heapq.heapreplace', 'heapq.heappushpop',
  'bisect.insort', 'bisect.insort_left', 'bisect.insort_right', 'random.shuffle']);

/** Library functions that read the whole of what they are given first (iterate it, copy it,
 *  serialize it): a read of the container there, racing with its writes. */
export const READING_FUNCTIONS = new Set(['copy.copy', 'copy.deepcopy', 'json.dumps', 'json.dump', 'pickle.dumps', 'pickle.dump',
  'pprint.pformat', 'pprint.pprint', 'pprint.pp', 'itertools.chain', 'itertools.islice', 'collections.Counter', 'collections.OrderedDict',
  'collections.deque', 'collections.UserDict', 'collections.UserList', 'heapq.nlargest', 'heapq.nsmallest', 'statistics.mean', 'statistics.median', 'random.choice', 'random.sample',
  'functools.reduce', 'operator.countOf', 'marshal.dumps', 'yaml.dump', 'yaml.safe_dump', 'csv.writer']);

/** `queue.Queue`'s own methods that call a hook its subclasses override (`put` calls
 *  `self._put`, holding `self.mutex`): where a subclass of it (QUEUE_BASES) has no such method
 *  of its own, a call of the method runs the hook (Program.getAttr). */
export const QUEUE_HOOKS: Record<string, string> = { __init__: '_init', put: '_put', put_nowait: '_put', get: '_get', get_nowait: '_get', qsize: '_qsize', empty: '_qsize', full: '_qsize' };
export const QUEUE_BASES = ['queue.Queue', 'queue.LifoQueue', 'queue.PriorityQueue'];
/** The hooks Queue calls holding `self.mutex` (`_init` runs in its constructor). */
export const QUEUE_LOCKED_HOOKS = new Set(['_put', '_get', '_qsize']);

/** Calls that hand back (or stand for) one of their arguments: the argument's index. A
 *  weak proxy forwards every attribute and call to its referent. */
export const TRANSPARENT_CALLS: Record<string, number> = { 'weakref.proxy': 0, 'typing.cast': 1, 'typing_extensions.cast': 1 };

/** External bases that make a class a container (`class _PoolCache(dict)`). */
export const CONTAINER_BASES: Record<string, string> = {
  dict: 'dict', list: 'list', set: 'set', 'collections.OrderedDict': 'OrderedDict', 'collections.defaultdict': 'defaultdict',
  'collections.Counter': 'Counter', 'collections.deque': 'deque', 'collections.UserDict': 'dict', 'collections.UserList': 'list',
};

/** Methods that run on an object no other thread has yet: its construction, and unpickling's
 *  `__setstate__` on the object being made. */
export const CONSTRUCTOR_NAMES = new Set(['__init__', '__new__', '__post_init__', '__init_subclass__', 'setUp', '__setstate__']);

/** Python's own special method names: a call written with one (`cm.__enter__()`,
 *  `obj.__getstate__()`) is the protocol's, on whatever object, never guessed by name; a
 *  library's own (`renderable.__rich_console__(console, options)`) is guessed as any name. */
export const PYTHON_DUNDERS = new Set(('new init del repr str bytes format lt le eq ne gt ge hash bool getattr getattribute setattr '
  + 'delattr dir get set delete set_name init_subclass class_getitem call len length_hint getitem setitem delitem missing '
  + 'iter reversed contains add sub mul matmul truediv floordiv mod divmod pow lshift rshift and xor or radd rsub rmul '
  + 'rmatmul rtruediv rfloordiv rmod rdivmod rpow rlshift rrshift rand rxor ror iadd isub imul imatmul itruediv ifloordiv '
  + 'imod ipow ilshift irshift iand ixor ior neg pos abs invert complex int float index round trunc floor ceil enter exit '
  + 'await aiter anext aenter aexit fspath reduce reduce_ex getstate setstate getnewargs getnewargs_ex copy deepcopy '
  + 'sizeof subclasshook instancecheck subclasscheck post_init buffer release_buffer mro_entries prepare subclasses '
  + 'next unicode nonzero cmp getslice setslice delslice coerce div rdiv idiv long oct hex').split(' ').map(n => `__${n}__`));

/** A read of an object that runs one of its special methods when its class defines it (`x[k]`,
 *  `k in x`, `for v in x`, `len(x)`, the builtins that iterate, `next(x)`): by access op
 *  (CallGraph.resolve). */
export const OPERATOR_READS: Record<string, string> = { getitem: '__getitem__', in: '__contains__', 'not in': '__contains__', iter: '__iter__', len: '__len__',
  // (the builtins that iterate what they are given, READING_BUILTINS)
  list: '__iter__', tuple: '__iter__', sorted: '__iter__', set: '__iter__', frozenset: '__iter__', enumerate: '__iter__', zip: '__iter__',
  sum: '__iter__', max: '__iter__', min: '__iter__', any: '__iter__', all: '__iter__', next: '__next__',
  // (the copy module asks the object first: botocore's emitter and config store `__copy__`)
  'copy.copy': '__copy__', 'copy.deepcopy': '__deepcopy__' };
