import Foundation
import OCRCommandLine

// Writing to a closed pipe (`ocr scan … | head -1`) must end quietly, not kill the process.
signal(SIGPIPE, SIG_IGN)
let status = await OCRCommandLine.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
