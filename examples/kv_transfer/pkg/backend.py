# expect:
#   Skeleton: KVPoll, BaseManager, BaseManager.__init__, BaseManager.update_status (common.py);
#     Manager, Manager.__init__, Manager.check_status, Manager.register, Manager.transfer_worker,
#     Manager._start_bootstrap_thread, Manager._start_bootstrap_thread.<locals>.bootstrap_thread,
#     Manager._recv (backend.py); Sender, Sender.__init__, Sender.poll, Sender.abort (sender.py).
#   Thread starts:
#     Manager.__init__: threading.Thread(target=self.transfer_worker, args=(q,)) inside
#       `for q in queues`, so several transfer_worker threads run at once (no name= given).
#     Manager._start_bootstrap_thread: threading.Thread(target=bootstrap_thread) named "bootstrap".
#   Threads:
#     main: Manager.__init__, BaseManager.__init__ (super()), Manager._start_bootstrap_thread,
#       Manager.register and Manager.check_status (public, also via Sender.poll), Sender.__init__,
#       Sender.poll, Sender.abort, and BaseManager.update_status (via Sender.abort).
#     transfer_worker thread: Manager.transfer_worker, BaseManager.update_status.
#     bootstrap: bootstrap_thread, Manager._recv, BaseManager.update_status.
#     So BaseManager.update_status runs on main, the transfer_worker thread(s) and bootstrap.
#   Accesses of request_status (dict bound in BaseManager.__init__), all unlocked:
#     BaseManager.__init__: write, rebind `= {}` (main).
#     Manager.check_status: read .get, key room (main); via Sender.poll: key self.room.
#     Manager.transfer_worker, via update_status: write key room value KVPoll.Transferring and
#       write key room value KVPoll.Success, plus update_status's reads (not in / [room]), key room.
#     bootstrap_thread, via update_status: write key msg.room value KVPoll.Failed (+ reads).
#     Sender.abort, via self.kv_mgr.update_status (kv_mgr is a Manager, from `mgr: Manager`;
#       update_status is inherited from BaseManager): write key self.room value KVPoll.Failed (main).
#   Accesses of transfer_infos (dict bound in Manager.__init__), all unlocked:
#     Manager.__init__: write, rebind `= {}` (main).
#     Manager.register: write `[room] = info`, key room, value info (main).
#     Manager.transfer_worker: read `not in`, key room (transfer_worker thread).
#     bootstrap_thread: write .pop, key msg.room (bootstrap).
#   Locks: self.lock exists but is never taken; no access holds a lock.
#   Findings:
#     race on request_status: unlocked writes on transfer_worker threads, bootstrap and main
#       (Sender.abort), reads on main (check_status).
#     check-then-act in BaseManager.update_status (`room not in` then `[room] =`), unlocked,
#       reached from several threads.
#     race on transfer_infos: writes on main (register) and bootstrap (pop) vs the read on the
#       transfer_worker threads.
import threading

from pkg.common import BaseManager, KVPoll


class Manager(BaseManager):
    def __init__(self, queues):
        super().__init__()
        self.transfer_infos = {}
        for q in queues:
            threading.Thread(target=self.transfer_worker, args=(q,), daemon=True).start()
        self._start_bootstrap_thread()

    def check_status(self, room):
        return self.request_status.get(room, KVPoll.WaitingForInput)

    def register(self, room, info):
        self.transfer_infos[room] = info

    def transfer_worker(self, q):
        while True:
            room = q.get()
            if room not in self.transfer_infos:
                continue
            self.update_status(room, KVPoll.Transferring)
            self.update_status(room, KVPoll.Success)

    def _start_bootstrap_thread(self):
        def bootstrap_thread():
            while True:
                msg = self._recv()
                if msg.kind == "ABORT":
                    self.transfer_infos.pop(msg.room, None)
                    self.update_status(msg.room, KVPoll.Failed)

        threading.Thread(target=bootstrap_thread, name="bootstrap").start()

    def _recv(self):
        raise NotImplementedError
