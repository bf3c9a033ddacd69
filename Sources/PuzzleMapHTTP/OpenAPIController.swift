import Foundation
import Hummingbird

/// `GET /openapi.yaml`: the API's description, kept exact by a test that compares it with the
/// router's routes.
struct OpenAPIController {
    /// The document as shipped in the target's resources.
    static let document: ByteBuffer = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "yaml"),
              let data = try? Data(contentsOf: url)
        else { return ByteBuffer(string: "openapi: 3.1.0\n") }
        return ByteBuffer(data: data)
    }()

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("openapi.yaml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"], body: .init(byteBuffer: Self.document))
        }
    }
}
