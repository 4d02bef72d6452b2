public import Foundation

/// A server a test starts (SeaweedFS's `weed`, moto's `moto_server`) that never outlives the
/// test process, however that ends.
///
/// The server runs under a small shell watchdog, in a process group of its own (`setsid`), with
/// Linux's parent-death signal set to SIGKILL (`setpriv --pdeathsig`), so it dies with the
/// watchdog even when the watchdog is killed, and with its signals unblocked and at their
/// defaults (`env --default-signal`): a process started from a Swift concurrency thread inherits
/// that thread's mask, which blocks SIGTERM, and moto then never saw the SIGTERM meant to stop
/// it. The watchdog polls the test process twice a second and, once it is gone, stops the
/// server's whole group: what is started is often a launcher rather than the server (pyenv's
/// shim is a shell script, pip's entry points are Python scripts). The parent-death signal is
/// set on the watchdog's child and not on the test's: it is sent when the *thread* that started
/// the process ends, and the test process's threads come and go.
public final class WatchedServer: Sendable {
    /// The server's pid, which is also its process group's id where `setsid` exists; 0 when it
    /// did not start.
    public let pid: Int32
    /// Where its output goes.
    public let logPath: String

    /// Starts `executable` with `arguments` under the watchdog.
    /// - Parameters:
    ///   - executable: The server's path.
    ///   - arguments: Its arguments.
    ///   - folder: A folder of the server's own: its log and pid files are written there, and the
    ///     watchdog removes it once the server has stopped.
    ///   - logName: The log's file name in `folder`.
    ///   - environment: The server's environment; the test process's when `nil`.
    /// - Throws: What `Process.run()` throws when `/bin/sh` cannot be started.
    public init(executable: String, arguments: [String], folder: String, logName: String, environment: [String: String]? = nil) throws {
        logPath = folder + "/" + logName
        let pidFile = folder + "/server.pid"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Arguments are passed as positional parameters, never spliced into the script.
        process.arguments = ["-c", Self.watchdog, "watchdog", pidFile, String(getpid()), folder, logPath, executable] + arguments
        if let environment { process.environment = environment }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var found: Int32 = 0
        for _ in 0..<250 {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
                let value = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                found = value
                break
            }
            usleep(20_000)
        }
        pid = found
    }

    /// What the server logged, for failure messages.
    public var log: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// Stops the server and everything in its process group (SIGTERM); the watchdog removes its
    /// folder once the test process ends.
    public func stop() {
        guard pid > 0 else { return }
        if kill(-pid, SIGTERM) != 0 {
            kill(pid, SIGTERM)
        }
    }

    /// The watchdog: `$1` the pid file, `$2` the test process, `$3` the folder, `$4` the log,
    /// then the server's command. `setsid` does not fork here (a background job is no group
    /// leader), so `$!` is the server's pid and its group's id. Where a tool is missing (macOS
    /// has none of the three) the server starts without what it gives, and is stopped by pid.
    /// Stopping is SIGTERM to the group, then SIGKILL to what is left after 10 seconds (an exited
    /// server stays a zombie until waited for, hence the look at its state). The watchdog itself
    /// only polls: the signals it inherits may be blocked, as the server's were.
    private static let watchdog = """
        pidfile=$1; parent=$2; folder=$3; log=$4; shift 4
        if env --default-signal true 2>/dev/null; then set -- env --default-signal "$@"; fi
        if command -v setpriv >/dev/null 2>&1; then set -- setpriv --pdeathsig KILL -- "$@"; fi
        if command -v setsid >/dev/null 2>&1; then set -- setsid "$@"; fi
        "$@" > "$log" 2>&1 &
        server=$!
        echo "$server" > "$pidfile.new" && mv "$pidfile.new" "$pidfile"
        while kill -0 "$parent" 2>/dev/null && kill -0 "$server" 2>/dev/null; do sleep 0.5; done
        kill -TERM "-$server" 2>/dev/null || kill -TERM "$server" 2>/dev/null
        i=0
        while [ $i -lt 20 ] && kill -0 "$server" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$server/status" 2>/dev/null; do
            sleep 0.5; i=$((i + 1))
        done
        kill -KILL "-$server" 2>/dev/null || kill -KILL "$server" 2>/dev/null
        wait "$server" 2>/dev/null
        rm -rf "$folder"
        """
}
