// pvrc: the unit quad. a_corner runs over (0,0), (1,0), (0,1), (1,1); the two rectangles map it to
// clip space and to texture space, so one buffer serves every placement and orientation.
// GLSL ES 1.00 as it stands; with `#version 300 es` prepended (the transcoding program) GLSL ES 3.00.
#if __VERSION__ >= 300
in highp vec2 a_corner;
out highp vec2 v_texCoord;
#else
attribute highp vec2 a_corner;
varying highp vec2 v_texCoord;
#endif
uniform highp vec4 u_position;   // clip-space x, y of corner (0,0), then of corner (1,1)
uniform highp vec4 u_texCoord;   // texture s, t of corner (0,0), then of corner (1,1)

void main() {
    v_texCoord = mix(u_texCoord.xy, u_texCoord.zw, a_corner);
    gl_Position = vec4(mix(u_position.xy, u_position.zw, a_corner), 0.0, 1.0);
}
