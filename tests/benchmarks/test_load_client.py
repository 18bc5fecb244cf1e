"""load.py's HTTP client keeps going where daphne closes a kept-alive connection (after 60 s idle, during a long
set-up): it does not reuse a connection idle that long, and resends a request, once, when a connection it reused
closes before any byte of the answer, as browsers do."""
import asyncio
from concurrent.futures import ThreadPoolExecutor

from benchmarks import load

ANSWER = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"


def on_a_loop_of_its_own(coroutine_function):
    """Run `coroutine_function()` on a new event loop in a thread of its own (tests/catsite/test_channel_layer.py
    says why: a worker may have Playwright's loop running in its thread)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine_function()).result()


async def server(answers_per_connection: int):
    """A server that answers that many requests on a connection, then closes it without saying so (no
    `Connection: close`), as a server closing an idle kept-alive connection does; and the connections it had."""
    connections = []

    async def serve(reader, writer):
        connections.append(writer)
        for _ in range(answers_per_connection):
            while (line := await reader.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if not line:
                break
            await reader.readexactly(length)
            writer.write(ANSWER)
            await writer.drain()
        writer.close()

    listening = await asyncio.start_server(serve, load.HOST, 0)
    return listening, listening.sockets[0].getsockname()[1], connections


def test_a_post_on_a_connection_the_server_closed_is_sent_again_on_a_new_one():
    async def play():
        listening, port, connections = await server(answers_per_connection=1)
        http = load.Http(port)
        first = await http.post("/move/", {"version": "1"})
        await asyncio.sleep(0)  # the server's close reaches nobody until the next request
        second = await http.post("/move/", {"version": "2"})
        http.close()
        listening.close()
        return first[0], second[0], len(connections)

    assert on_a_loop_of_its_own(play) == (200, 200, 2)


def test_a_connection_idle_too_long_is_not_reused():
    async def play():
        listening, port, connections = await server(answers_per_connection=2)
        http = load.Http(port)
        await http.request("GET", "/")
        http.used_at -= load.IDLE_S + 1  # as if it had sat idle that long
        status, _, body = await http.request("GET", "/")
        http.close()
        listening.close()
        return status, body, len(connections)

    assert on_a_loop_of_its_own(play) == (200, "ok", 2)


def test_a_new_connection_closed_unanswered_is_an_error_not_a_loop():
    async def play():
        listening, port, _ = await server(answers_per_connection=0)
        http = load.Http(port)
        try:
            await http.post("/move/", {"version": "1"})
        except ConnectionError:
            return "refused"
        finally:
            http.close()
            listening.close()
        return "answered"

    assert on_a_loop_of_its_own(play) == "refused"
