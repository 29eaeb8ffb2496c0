# expect: (the full list for this case is at the top of pkg/backend.py)
#   KVPoll: class constants only, no containers.
#   BaseManager.__init__ binds request_status (dict) and lock (threading.Lock); runs on main.
#   BaseManager.update_status reads request_status (`not in`, key room, the check of a
#   check-then-act; `[room]`, key room) and writes it (`[room] = status`, key room, value status;
#   `[room] = max(...)`, key room, value max(self.request_status[room], status)); no lock held.
import threading


class KVPoll:
    Failed = 0
    Bootstrapping = 1
    WaitingForInput = 2
    Transferring = 3
    Success = 4


class BaseManager:
    def __init__(self):
        self.request_status = {}
        self.lock = threading.Lock()

    def update_status(self, room, status):
        if room not in self.request_status:
            self.request_status[room] = status
        else:
            self.request_status[room] = max(self.request_status[room], status)
