#!/usr/bin/env python3
"""Round trips over a running viewer's control socket: `get page` (an answer from the state)
and `next-page` (an update and a frame first), each sent once the answer to the one before has
come. Usage: Scripts/control-socket-bench.py [SOCKET] [COUNT] (the socket: the newest in
$XDG_RUNTIME_DIR/folio/ when not given)."""
import glob, json, os, socket, sys, time

def main():
    folder = os.path.join(os.environ.get('XDG_RUNTIME_DIR', '/tmp'), 'folio')
    sockets = sorted(glob.glob(folder + '/*.sock'), key=os.path.getmtime)
    path = sys.argv[1] if len(sys.argv) > 1 else (sockets[-1] if sockets else None)
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    if path is None:
        sys.exit('control-socket-bench: no viewer is running')
    connection = socket.socket(socket.AF_UNIX)
    connection.connect(path)
    stream = connection.makefile('rwb')
    for command in (['get', 'page'], ['next-page'], ['previous-page']):
        started = time.perf_counter()
        for number in range(count):
            stream.write(json.dumps({'command': command, 'id': number}).encode() + b'\n')
            stream.flush()
            reply = json.loads(stream.readline())
            if not reply.get('ok'):
                sys.exit('control-socket-bench: %s refused: %s' % (command, reply.get('error')))
        each = (time.perf_counter() - started) / count * 1000
        print('%-14s %6.2f ms a request (%d requests)' % (' '.join(command), each, count))

main()
