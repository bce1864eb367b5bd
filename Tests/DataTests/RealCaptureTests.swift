import CLeptonica
import Domain
import Foundation
import OCRTestSupport
import Testing

@testable import Data

/// Real images of the development set (`../shared/real-dev`, never copied here) captured
/// otherwise: turned a quarter or upside down without EXIF, at half the resolution, in poor
/// light. Each is made in code from the image, and must read about as well as the image
/// itself (Docs/Benchmarks.md, eleventh and twelfth sessions: every real image in each capture).
@Suite(
    "Real images captured otherwise: turned, upside down, smaller, darker",
    .enabled(if: RealReceiptFixture.developmentSetIsPresent, "needs ../shared/real-dev"), .timeLimit(.minutes(15)))
struct RealCaptureTests {
    enum Capture: String, CustomStringConvertible, Sendable {
        /// Stored turned a quarter counter-clockwise (read a quarter clockwise), no EXIF.
        case turned
        /// Half the width and height.
        case half
        /// White at level 153, as in a photograph taken in poor light.
        case dim
        /// Stored upside down, no EXIF.
        case upsideDown

        var description: String { rawValue }
    }

    static let cases: [(String, Capture, Double)] = [
        // Slides: line direction not measurable, orientation detection unsure (was 0.951).
        ("pdf_slides_flight_delay_p3.png", .turned, 0.15),
        // A receipt photo and a card-slip screenshot turned (were 0.886, 0.994).
        ("receipt_donkatsu_photo.png", .turned, 0.30),
        ("screenshot_card_slip.png", .turned, 0.55),
        // A small screenshot turned: its short lines measured across, as good as unread
        // upright, and orientation detection unsure it is upright (was 0.993).
        ("screenshot_news_headlines.png", .turned, 0.40),
        // At half size its columns of amounts were taken for lines running down (was 0.682).
        ("receipt_thehyundai_scan.jpg", .half, 0.30),
        // Grey paper with a white border: one threshold took the page for ink (were 1.000, 0.907).
        ("pdf_rnd_casebook_spread_p6.png", .dim, 0.20),
        ("pdf_youth_housing_criteria_p1.png", .dim, 0.08),
        // Upside down, its longest lines read as garbage either way round; orientation
        // detection tells (was 0.891).
        ("receipt_donkatsu_photo.png", .upsideDown, 0.45),
    ]

    @Test("Read about as well as captured originally", arguments: cases)
    func capture(name: String, capture: Capture, budget: Double) async throws {
        let directory = RealReceiptFixture.developmentSet
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        let stem = (name as NSString).deletingPathExtension
        let expected = try String(contentsOf: directory.appendingPathComponent("\(stem).gt.txt"), encoding: .utf8)
        let image = try ImageDecoder.decode(data, maximumPixelCount: 50_000_000).grayscale()
        let captured: LeptonicaImage
        switch capture {
        case .turned: captured = try image.rotated(by: .clockwise270)
        case .half: captured = try image.scaled(by: 0.5)
        case .dim: captured = try image.applying("dim the page") { pixGammaTRC(nil, $0, 1.0, 0, 425) }
        case .upsideDown: captured = try image.rotated(by: .clockwise180)
        }
        // No time limit: a debug build on two busy cores is no measure of speed.
        let result = try await SharedRepository.get().recognizeText(
            in: try captured.pngData(), rotation: nil, options: RecognitionOptions(timeLimit: nil))
        let rotation: [Capture: RotationDegree] = [.turned: .clockwise90, .upsideDown: .clockwise180]
        #expect(result.rotation == rotation[capture] ?? .upright)
        let rate = CharacterErrorRate.between(result.text, expected)
        #expect(rate <= budget, "CER \(rate):\n\(result.text)")
    }
}
