import Glibc

let console = Console()
let status = CommandLineTool.main(Array(CommandLine.arguments.dropFirst()), console: console)
console.flush()
exit(status)
