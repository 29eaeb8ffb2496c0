# expect: (the full list for this case is at the top of pkg/backend.py)
#   Sender.__init__, Sender.poll and Sender.abort run on main (nobody calls them: public API).
#   self.kv_mgr is typed Manager through the `mgr: Manager` annotation.
#   Sender.poll: read of request_status via Manager.check_status, op .get, key self.room.
#   Sender.abort: write of request_status via BaseManager.update_status, key self.room,
#     value KVPoll.Failed (plus update_status's reads, key self.room); unlocked.
from pkg.backend import Manager
from pkg.common import KVPoll


class Sender:
    def __init__(self, mgr: Manager, room):
        self.kv_mgr = mgr
        self.room = room

    def poll(self):
        return self.kv_mgr.check_status(self.room)

    def abort(self):
        self.kv_mgr.update_status(self.room, KVPoll.Failed)
