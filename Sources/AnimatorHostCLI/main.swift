import AnimatorHost
import Glibc

// A sandbox child (plugin work for a parent animator-host) never reaches the commands.
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == SandboxChild.command {
    exit(ChildMode.main(Array(CommandLine.arguments.dropFirst(2))))
}
let console = Console()
let status = CommandLineTool.main(Array(CommandLine.arguments.dropFirst()), console: console)
console.flush()
exit(status)
