import CEGL

extension GLContext {
    /// The share group of this context, for ``init(sharingWith:)`` on another thread.
    /// - Throws: ``GLError/notAnEGLContext`` for a context adopted without EGL handles.
    public func shareGroup() throws -> GLShareGroup {
        guard let handles = binding.handles else { throw GLError.notAnEGLContext }
        return GLShareGroup(handles: handles)
    }

    /// Creates a context on the calling thread (e.g. a loader's GL thread) that shares textures,
    /// buffers and programs with `group`'s context (EGL `share_context`), with a 1x1 pbuffer of its own
    /// to be current on.
    ///
    /// Textures uploaded here can be drawn in the other context once the upload has finished on the
    /// GPU: call ``finish()`` after uploading (the loader's uploader does) before handing the names
    /// over, and bind them again in the other context before drawing.
    /// - Throws: ``GLError/eglFailed(call:error:)`` when EGL refuses the context or its surface.
    public convenience init(sharingWith group: GLShareGroup) throws {
        let display = group.handles.display
        switch EGLDisplayOpener.makeContext(on: display, sharing: group.handles.context) {
        case .success(let pair):
            self.init(
                binding: .owned(EGLHandles(display: display, context: pair.context, drawSurface: pair.surface)),
                description: "context sharing with another EGL context")
        case .failure(let failure):
            throw GLError.eglFailed(call: "creating a shared context", error: failure.text)
        }
    }
}
