// The HTTP message values live in AppPorts (app code builds and reads them through an
// `HTTPTransport`); the REST fake's API is written in them, so importing FakeCloud brings them along.
@_exported import struct AppPorts.HTTPField
@_exported import struct AppPorts.HTTPHeaders
@_exported import struct AppPorts.HTTPMethod
@_exported import struct AppPorts.HTTPQueryItem
@_exported import struct AppPorts.HTTPRequest
@_exported import struct AppPorts.HTTPResponse
@_exported import enum AppPorts.HTTPBody
