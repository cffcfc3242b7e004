"""Shared by the evidence scripts: the shared folder (../shared beside the checkout, or $NIBC_SHARED), its
independent reader nibcheck, and key-based access to a parsed nib's objects."""
import os, sys

SHARED = os.environ.get("NIBC_SHARED", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared"))
sys.path.insert(0, os.path.join(SHARED, "tools"))
import nibcheck  # noqa: E402


class NibTables:
    """A nib loaded with nibcheck, read by object index and key."""

    def __init__(self, path):
        nib = nibcheck.load(path)
        self.objs, self.keys, self.vals, self.classes = nib['objects'], nib['keys'], nib['values'], nib['classes']

    def cls(self, i):
        c = self.classes[self.objs[i][0]]
        return c[0] if isinstance(c, tuple) else c

    def entries(self, i):
        """(key, type, value) of object i, in archived order."""
        _, s, n = self.objs[i]
        return [(self.keys[k], t, v) for (k, t, v) in self.vals[s:s + n]]

    def get(self, i, key):
        """(type, value) of the first value of object i under key, or None."""
        for k, t, v in self.entries(i):
            if k == key:
                return (t, v)
        return None

    def string(self, i):
        r = self.get(i, 'NS.bytes')
        return r[1].decode() if r else None

    def items(self, i):
        """The object references of an array or set object."""
        return [v for k, t, v in self.entries(i) if t == 10 and (k == 'UINibEncoderEmptyKey' or k.startswith('NS.object.'))]
