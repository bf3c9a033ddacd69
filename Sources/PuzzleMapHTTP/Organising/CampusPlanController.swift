import Foundation
import Hummingbird
import NIOPosix
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapImaging

/// The organisers' campus plan over the API: upload a picture (kept re-encoded), pin it to
/// campus, take it away; and its picture for every map, at an address that names its version.
struct CampusPlanController {
    let services: HuntServices

    struct PinRequest: Decodable {
        var x: Double
        var y: Double
        var place: String?
        var latitude: Double?
        var longitude: Double?
    }

    struct PinsRequest: Decodable {
        var version: Int
        var pins: [PinRequest]
    }

    struct PlanView: ResponseCodable {
        struct Pin: Codable {
            var x: Double
            var y: Double
            var latitude: Double
            var longitude: Double
        }
        var version: Int
        var width: Int
        var height: Int
        var picture: String
        var pins: [Pin]
        /// Whether the pins place the campus on it: until then maps are the drawn plan.
        var pinned: Bool
        var uploadedAt: Date
        var uploadedBy: String

        init(_ plan: CampusPlan) {
            (version, width, height, picture) = (plan.version, plan.width, plan.height, CampusPlanController.pictureAddress(plan))
            pins = plan.pins.map { Pin(x: $0.x, y: $0.y, latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude) }
            pinned = plan.projection != nil
            (uploadedAt, uploadedBy) = (plan.uploadedAt, plan.uploadedBy)
        }
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("admin/campus-plan") { _, context -> PlanView in
            _ = try context.requireOrganiser(in: services.hunt)
            guard let plan = try await services.hunt.campusPlan() else { throw CampusPlanRefusal.noPlan }
            return PlanView(plan)
        }
        router.put("admin/campus-plan") { request, context -> EditedResponse<PlanView> in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let picture = try await Self.picture(of: [UInt8](buffer: try await CodeUpload.body(of: request)), services: services)
            let plan = try await services.hunt.uploadCampusPlan(picture: picture.webp, width: picture.width, height: picture.height, by: organiser)
            return EditedResponse(status: .created, response: PlanView(plan))
        }
        router.put("admin/campus-plan/pins") { request, context -> PlanView in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: PinsRequest.self, context: context)
            let pins = body.pins.map { pin in
                PlanPinRequest(x: pin.x, y: pin.y, place: pin.place,
                               coordinate: pin.latitude.flatMap { latitude in pin.longitude.map { Coordinate(latitude: latitude, longitude: $0) } })
            }
            return PlanView(try await services.hunt.pinCampusPlan(pins, version: body.version, by: organiser))
        }
        router.delete("admin/campus-plan") { _, context -> Response in
            try await services.hunt.removeCampusPlan(by: try context.requireOrganiser(in: services.hunt))
            return Response(status: .noContent)
        }
    }

    /// Where a plan's picture is served: a new upload is a new address, so it may be kept a year.
    static func pictureAddress(_ plan: CampusPlan) -> String { "/campus-plan/\(plan.version).webp" }

    /// The upload made into the plan's picture, off the event loop when the photo queue has a
    /// decoder free: an SVG drawn by librsvg first (in its own process, with a time limit);
    /// anything but PNG, JPEG, WebP or SVG refused as `unsupported_plan_format`.
    static func picture(of bytes: [UInt8], services: HuntServices) async throws -> (webp: [UInt8], width: Int, height: Int) {
        let encoder = CampusPlanEncoder(limits: ImageDecodingLimits(maxBytes: CodeUpload.maxPhotoBytes))
        let raster: [UInt8]
        do {
            raster = CampusPlanEncoder.isSVG(bytes) ? try await SVGRasteriser.png(of: bytes, fitting: encoder.longestSide) : bytes
        } catch {
            throw Problem.image(error)
        }
        let result: Result<(webp: [UInt8], width: Int, height: Int), ImageDecodingError>
        do {
            result = try await services.photos.run {
                try await NIOThreadPool.singleton.runIfActive {
                    Result { () throws(ImageDecodingError) in try encoder.plan(from: raster) }
                }
            }
        } catch let full as PhotoQueue.Full {
            throw Problem.photoQueueFull(full)
        }
        switch result {
        case .success(let picture): return picture
        case .failure(.unsupportedFormat): throw Problem(.unsupportedMediaType, code: .unsupportedPlanFormat)
        case .failure(let error): throw Problem.image(error)
        }
    }
}
