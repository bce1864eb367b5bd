import Foundation
import OCRCommandLine

// Writing to a closed pipe (`ocr scan … | head -1`) must end quietly, not kill the process.
signal(SIGPIPE, SIG_IGN)
// SIGINT, SIGTERM, SIGHUP: finish the line being written, remove temporaries, then exit.
Termination.shared.install()
let status = await OCRCommandLine.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
